// doctor's time budget, asserted as work: the budget is asked at every file read and every
// directory listed, and these tests spend it after a counted number of asks (no clock). Wherever
// it is spent, the answer is the timeout, never a verdict on what was read before it.
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

@Suite("doctor's time budget, counted in steps")
struct DoctorBudgetTests {
    /// How many times locating the apps at `path` asks the budget, when it is never spent.
    private func steps(_ path: String) throws -> Int {
        var asked = 0
        let budget = WorkBudget {
            asked += 1
            return false
        }
        let located = try AppLocator.locate(.any(path), budget: budget)
        #expect(!located.apps.isEmpty && !budget.isSpent, "\(path)")
        return asked
    }

    @Test(
        "a budget spent at any step of finding and reading real projects (a monorepo, variants, a plugin beside its example) is the timeout",
        arguments: ["showtime-expo-monorepo", "halloapp-android-flavors", "flutter-social-share", "pocketcasts-ios-extensions"])
    func spentAnywhere(_ name: String) throws {
        let path = TestPaths.project(name)
        let total = try steps(path)
        #expect(total > 10, "\(name): \(total) steps")
        // Spent after 0 asks, then at about a dozen places through the walk, and at the last.
        for allowed in Array(stride(from: 0, to: total, by: max(1, total / 12))) + [total - 1] {
            var asked = 0
            let budget = WorkBudget {
                asked += 1
                return asked > allowed
            }
            #expect(throws: AppLocationError.timeout, "\(name): spent after \(allowed) of \(total) steps") {
                try AppLocator.locate(.any(path), budget: budget)
            }
        }
        // With one ask to spare, the apps are found.
        var asked = 0
        let enough = WorkBudget {
            asked += 1
            return asked > total
        }
        #expect(try !AppLocator.locate(.any(path), budget: enough).apps.isEmpty)
    }
}
