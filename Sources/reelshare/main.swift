import ReelShareCLI

ReelShareCLI.main()
