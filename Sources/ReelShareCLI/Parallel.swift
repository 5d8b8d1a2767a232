// Runs work over many inputs on `jobs` threads and hands each result to `emit` on the calling
// thread: in input order as soon as every earlier result is ready, or, unordered, as each one
// finishes. At most a window of results (four per thread, and 64 at least) is started and not yet
// emitted: workers wait for the emitter rather than run ahead of it (350,000 missing files made
// results faster than they were written, and held them all). `jobs` threads are really started,
// even beyond the core count: more than the cores helps only when the work waits on slow storage.
import Dispatch
import FoundationEssentials
// ReelShareMedia for Protected, the lock over the results.
import ReelShareMedia

enum Parallel {
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `stop` is asked after each result is emitted: once it says yes (the reader of standard
    /// output went away), no further input is started and `map` returns.
    static func map<T: Sendable>(
        count: Int, jobs: Int, ordered: Bool = true, stop: () -> Bool = { false }, work: @escaping @Sendable (Int) -> T,
        emit: (Int, T) -> Void
    ) {
        guard count > 0 else { return }
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count {
                emit(index, work(index))
                if stop() { return }
            }
            return
        }
        let shared = Shared<T>()
        let window = max(64, workers * 4)
        // Results started and not yet emitted. Made at 0 and raised to the window: libdispatch
        // traps (SIGILL) when a semaphore is freed below the value it was made with, as this one
        // is when the reader goes away while workers hold slots (the last worker frees it).
        let slots = DispatchSemaphore(value: 0)
        for _ in 0..<window { slots.signal() }
        for _ in 0..<workers {
            Posix.startThread {
                while true {
                    slots.wait()
                    guard let index = shared.claim(limit: count) else {
                        slots.signal()  // wakes the next worker, which finds nothing either
                        return
                    }
                    shared.finish(index, work(index))
                }
            }
        }
        var next = 0
        var emitted = 0
        while emitted < count {
            shared.ready.wait()  // one signal per finished result
            for (index, result) in shared.take(ordered: ordered, next: &next) {
                emit(index, result)
                emitted += 1
                slots.signal()
                if stop() {
                    shared.cancel()  // the threads finish what they hold and claim nothing more
                    slots.signal()
                    return
                }
            }
        }
    }

    /// What the worker threads share: the next index to claim and the finished results.
    private final class Shared<T: Sendable>: Sendable {
        private struct State {
            var claimed = 0
            var finished: [Int: T] = [:]
            var cancelled = false
        }

        private let state = Protected(State())
        let ready = DispatchSemaphore(value: 0)

        /// Claims nothing more: every later `claim` returns nil.
        func cancel() { state.withLock { $0.cancelled = true } }

        func claim(limit: Int) -> Int? {
            state.withLock { state in
                guard !state.cancelled, state.claimed < limit else { return nil }
                defer { state.claimed += 1 }
                return state.claimed
            }
        }

        func finish(_ index: Int, _ result: T) {
            state.withLock { $0.finished[index] = result }
            ready.signal()
        }

        /// The results that may be emitted now: those from `next` on without a gap (ordered), or
        /// all that are finished.
        func take(ordered: Bool, next: inout Int) -> [(Int, T)] {
            state.withLock { state in
                var out: [(Int, T)] = []
                if ordered {
                    while let result = state.finished.removeValue(forKey: next) {
                        out.append((next, result))
                        next += 1
                    }
                } else {
                    out = state.finished.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    state.finished.removeAll()
                }
                return out
            }
        }
    }
}
