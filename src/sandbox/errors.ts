/**
 * The rejections the sandbox answers with `Error`. Codes from the field notes keep their numbers;
 * the rest (marked) fill gaps the document leaves and are listed in the README.
 */
export const REJECTIONS = {
  missingParameter: { code: '101', http: 400 }, // sandbox's own
  invalidParameter: { code: '102', http: 400 }, // sandbox's own
  unknownOperator: { code: '103', http: 400 }, // sandbox's own
  amountOutOfRange: { code: '104', http: 400 }, // sandbox's own
  accountSuspended: { code: '106', http: 403 },
  duplicateRefId: { code: '109', http: 400 },
  sameNumberRecently: { code: '110', http: 400 },
  unknownRefId: { code: '111', http: 404 }, // sandbox's own
  complaintTooOld: { code: '112', http: 400 },
  unknownTxnId: { code: '113', http: 404 }, // sandbox's own
  insufficientFund: { code: '128', http: 400 },
  invalidNumber: { code: '142', http: 400 },
  badCredentials: { code: '145', http: 401 },
} as const;

export type RejectionKind = keyof typeof REJECTIONS;

export class Rejection extends Error {
  constructor(
    readonly kind: RejectionKind,
    message: string,
  ) {
    super(message);
  }
  get code(): string {
    return REJECTIONS[this.kind].code;
  }
  get httpStatus(): number {
    return REJECTIONS[this.kind].http;
  }
}
