/** The replica and pooler harnesses' verdicts, printed as they come and summed at the end. */
export class Checks {
  private readonly failures: string[] = [];
  private count = 0;

  pass(name: string, detail = ''): void {
    this.count += 1;
    console.log(`  ok    ${name}${detail ? ` (${detail})` : ''}`);
  }

  fail(name: string, detail: string): void {
    this.count += 1;
    this.failures.push(name);
    console.log(`  FAIL  ${name}: ${detail}`);
  }

  check(name: string, ok: boolean, detail: string): void {
    if (ok) this.pass(name, detail);
    else this.fail(name, detail);
  }

  /** `run` must throw an error whose message matches `expected`. */
  async refused(name: string, run: () => Promise<unknown>, expected: RegExp): Promise<void> {
    try {
      await run();
      this.fail(name, 'it started');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.check(name, expected.test(message), message.slice(0, 240));
    }
  }

  summary(what: string): number {
    const passed = this.count - this.failures.length;
    console.log(`\n${what}: ${passed} of ${this.count} checks passed`);
    if (this.failures.length > 0) console.log(`failed: ${this.failures.join('; ')}`);
    return this.failures.length === 0 ? 0 : 1;
  }
}
