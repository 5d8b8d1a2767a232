// The time doctor may spend on one PATH (--timeout), asked at every file it reads and every
// directory it lists: once spent, reads throw and listings come back empty, so that whatever
// walks the tree (a monorepo's projects, 2,000 libraries) ends at the next step. Each step is
// itself bounded (a file is read whole only under its limit, and parsed in time linear in it), so
// a spent budget ends the work within one step. The clock is the caller's: the core only asks.

/// Whether the time for one PATH is spent; once it is, it stays so.
public final class WorkBudget {
    private let expired: () -> Bool
    public private(set) var isSpent = false

    /// `expired` says whether the time is up (the CLI's clock; a test's count of steps).
    public init(expired: @escaping () -> Bool) { self.expired = expired }

    /// No limit.
    public static func unlimited() -> WorkBudget { WorkBudget { false } }

    /// Whether the budget is spent, asking the clock while it is not.
    public func spend() -> Bool {
        if !isSpent, expired() { isSpent = true }
        return isSpent
    }
}

/// `base`, each read and listing first asking `budget`.
public struct BudgetedTree: AppTree {
    let base: AppTree
    let budget: WorkBudget

    public init(_ base: AppTree, budget: WorkBudget) {
        self.base = base
        self.budget = budget
    }

    public var isArchive: Bool { base.isArchive }

    public func read(_ path: String, limit: Int) throws(AppFileError) -> [UInt8]? {
        if budget.spend() { throw AppFileError("\(path): not read: the time budget is spent") }
        return try base.read(path, limit: limit)
    }

    public func list(_ path: String) -> [AppTreeEntry]? { budget.spend() ? nil : base.list(path) }

    public func exists(_ path: String) -> Bool { budget.spend() ? false : base.exists(path) }

    public func modified(_ path: String) -> Double? { base.modified(path) }

    public func identity(of path: String) -> String? { base.identity(of: path) }

    public func archive(_ path: String) throws(AppFileError) -> AppTree? {
        if budget.spend() { throw AppFileError("\(path): not read: the time budget is spent") }
        return try base.archive(path).map { BudgetedTree($0, budget: budget) }
    }
}
