// The one way a param plan says "not provable": the reason code and a detail for the marker and report.
import type { ReasonCode } from '@uproot/core/planning';

export class Unprovable extends Error {
  readonly reason: ReasonCode;
  constructor(reason: ReasonCode, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

export function unresolved(detail: string): Unprovable {
  return new Unprovable('unresolved-chain', detail);
}
