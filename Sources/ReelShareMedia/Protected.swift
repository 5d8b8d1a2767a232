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
    /// Signalled after every change, for those waiting on the state (`withLock(when:)`).
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    public init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deinitialize(count: 1)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try withLock(when: { _ in true }, body)
    }

    /// Waits, the lock given up meanwhile, until `ready` holds of the state; then runs `body`
    /// under the lock, and wakes the others waiting.
    public func withLock<Result>(when ready: (State) -> Bool, _ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(mutex)
        }
        while !ready(state) { pthread_cond_wait(changed, mutex) }
        return try body(&state)
    }
}
