/**
 * Where the fakes write what disagrees with the providers' documents. The integration and system
 * runs check it after every test (tests/contracts/setup.ts): the test during which a request or an
 * answer broke the document fails, naming the rule. A fake's stop() fails on anything still left.
 */
const open = new Set<ContractLog>();

export class ContractLog {
  private problems: string[] = [];

  constructor(readonly provider: string) {
    open.add(this);
  }

  record(problems: string[]): void {
    this.problems.push(...problems.map((problem) => `${this.provider}: ${problem}`));
  }

  /** The problems recorded since the last take, and forgets them. */
  take(): string[] {
    const taken = this.problems;
    this.problems = [];
    return taken;
  }

  /** Ends the log; throws when problems were recorded that no check took. */
  close(): void {
    open.delete(this);
    const left = this.take();
    if (left.length) throw new ContractViolation(left);
  }
}

export class ContractViolation extends Error {
  constructor(readonly problems: string[]) {
    super(`Not as the provider's document says:\n- ${problems.join("\n- ")}`);
    this.name = "ContractViolation";
  }
}

/** Takes every open log's problems; throws if there were any. */
export function assertNoContractViolations(): void {
  const problems = [...open].flatMap((log) => log.take());
  if (problems.length) throw new ContractViolation(problems);
}
