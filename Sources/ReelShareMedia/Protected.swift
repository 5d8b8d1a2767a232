// The one lock reelshare has, for state shared between threads (the batch runner's results, the
// output streams). It lives in the media layer because it is a POSIX mutex, and this layer is
// the one over POSIX.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// State shared between threads, behind a pthread mutex: the one lock reelshare has. It is not
/// Synchronization.Mutex because on Linux that lock is a futex inside the uninstrumented standard
/// library, which ThreadSanitizer cannot see: every access it guards would be reported as a race,
/// and the TSan run of the --jobs tests (Scripts/test --tsan) would say nothing. pthread_mutex
/// is intercepted by every sanitizer. `@unchecked Sendable` is sound here: `state` is only touched
/// inside `withLock`.
public final class Protected<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    public init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
