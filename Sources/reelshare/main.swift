import ReelShareCLI
import ReelShareKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Arguments are bytes: a file name need not be UTF-8. PathCoding keeps such names losslessly.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    PathCoding.decode(UnsafeBufferPointer(start: CommandLine.unsafeArgv[index].map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
                                          count: CommandLine.unsafeArgv[index].map { strlen($0) } ?? 0))
}
exit(ReelShareCLI.run(arguments))
