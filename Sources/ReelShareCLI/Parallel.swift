// Runs work over many inputs on a fixed number of threads and hands each result to `emit`: in input
// order as soon as every earlier result is ready (memory holds only the results waiting for a slower
// predecessor), or, unordered, as each one finishes.
import Dispatch

enum Parallel {
    static func map<T>(
        count: Int, jobs: Int, ordered: Bool = true, work: @escaping @Sendable (Int) -> T, emit: (Int, T) -> Void
    ) {
        guard count > 0 else { return }
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count { emit(index, work(index)) }
            return
        }
        let state = State<T>()
        withoutActuallyEscaping(emit) { emit in
            let box = EmitBox(emit)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = state.next(limit: count) {
                    let result = work(index)
                    state.finish(index, result, ordered: ordered, emit: box)
                }
            }
        }
    }

    private final class EmitBox<T>: @unchecked Sendable {
        let emit: (Int, T) -> Void
        init(_ emit: @escaping (Int, T) -> Void) { self.emit = emit }
    }

    private final class State<T>: @unchecked Sendable {
        private let lock = Lock()
        private var claimed = 0
        private var emitted = 0
        private var waiting: [Int: T] = [:]

        func next(limit: Int) -> Int? {
            lock.locked {
                guard claimed < limit else { return nil }
                defer { claimed += 1 }
                return claimed
            }
        }

        func finish(_ index: Int, _ result: T, ordered: Bool, emit: EmitBox<T>) {
            lock.locked {
                guard ordered else {
                    emit.emit(index, result)
                    return
                }
                waiting[index] = result
                while let ready = waiting.removeValue(forKey: emitted) {
                    emit.emit(emitted, ready)
                    emitted += 1
                }
            }
        }
    }
}
