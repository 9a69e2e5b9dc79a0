import type { FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';

/**
 * The CI reporter: nothing for a test that passes; a failure in full (its errors, code, output and
 * where its screenshot and trace are), as it happens; the servers' own warnings; and one summary
 * line at the end.
 */
export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;
  private readonly startedAt = Date.now();

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onStdErr(chunk: string | Buffer, test?: TestCase): void {
    // the web servers' stderr (warnings and errors); a test's own output comes with its failure
    if (!test) process.stderr.write(chunk);
  }

  onError(error: TestError): void {
    console.log(`\ne2e: error outside a test\n${formatError(error)}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const failed = result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus;
    if (!failed) return;
    const retrying = result.retry < test.retries;
    const lines = [`\n✘ ${test.titlePath().filter(Boolean).join(' › ')} (${test.location.file}:${test.location.line})${retrying ? `, attempt ${result.retry + 1}: retrying` : ''}`];
    if (!retrying) {
      for (const error of result.errors) lines.push(formatError(error));
      const output = [...result.stdout, ...result.stderr].map(String).join('');
      if (output.trim()) lines.push(`output:\n${output}`);
      for (const a of result.attachments) if (a.path) lines.push(`${a.name}: ${a.path}`);
    }
    console.log(lines.join('\n'));
  }

  onEnd(result: FullResult): void {
    const tests = this.suite?.allTests() ?? [];
    const counts = { passed: 0, flaky: 0, failed: 0, skipped: 0 };
    for (const test of tests) {
      const outcome = test.outcome();
      if (outcome === 'expected') counts.passed += 1;
      else if (outcome === 'flaky') counts.flaky += 1;
      else if (outcome === 'skipped') counts.skipped += 1;
      else counts.failed += 1;
    }
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    const flaky = tests.filter((t) => t.outcome() === 'flaky').map((t) => `\n  flaky: ${t.titlePath().filter(Boolean).join(' › ')}`);
    console.log(
      `e2e: ${result.status}, ${counts.passed} passed, ${counts.flaky} flaky, ${counts.failed} failed, ${counts.skipped} skipped of ${tests.length} tests in ${Math.floor(seconds / 60)} min ${seconds % 60} s${flaky.join('')}`,
    );
  }
}

function formatError(error: TestError): string {
  return [error.stack ?? error.message ?? String(error.value), error.snippet].filter(Boolean).join('\n');
}
