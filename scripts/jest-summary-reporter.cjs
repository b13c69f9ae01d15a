// Prints the plain closing line CI reads: "Tests: N passed, N failed, N skipped".
// A suite that could not run at all (a syntax or import error) counts as one failure.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\nTests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
