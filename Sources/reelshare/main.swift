import ReelShareCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(ReelShareCLI.run(Array(CommandLine.arguments.dropFirst())))
