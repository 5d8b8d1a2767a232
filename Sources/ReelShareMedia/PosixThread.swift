// The POSIX layer's threads and process exit (pthread_create, exit): Foundation's Thread is not in
// FoundationEssentials, and Foundation links ICU (34 MB). Part of the one POSIX layer (Posix.swift).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Dispatch

extension Posix {
    /// Runs `body` on a thread of its own, started now and detached (one per call, even beyond the
    /// core count: Parallel's workers may wait on slow storage). Where no thread can be made, on
    /// one of libdispatch's.
    public static func startThread(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let made = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Glibc)
                    let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
                #else
                    let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
                #endif
                body.run()
                return nil
            }, box)
        if made == 0 {
            #if canImport(Glibc)
                pthread_detach(thread)
            #else
                if let thread { pthread_detach(thread) }
            #endif
        } else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            DispatchQueue.global().async(execute: body)
        }
    }

    /// Ends the process with `status`.
    public static func exitProcess(_ status: Int32) -> Never { exit(status) }
}

/// A thread's work, handed to pthread_create through an opaque pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
