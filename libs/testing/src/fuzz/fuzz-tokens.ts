import { badLedgerTokens, ledgerTestToken } from '../ledger-tokens';

/**
 * The bearer token of `user` and the tokens a secured group must refuse: every defect of
 * `badLedgerTokens`, garbage, an oversized header and a valid token of an unknown user.
 */
export async function fuzzTokens(
  user: string,
): Promise<{ valid: string; bad: { kind: string; authorization?: string }[] }> {
  const bad: { kind: string; authorization?: string }[] = (await badLedgerTokens(user)).map((t) => ({
    kind: t.kind,
    authorization: t.authorization,
  }));
  bad.push(
    { kind: 'garbage', authorization: 'Bearer a.b.c' },
    { kind: 'empty bearer', authorization: 'Bearer ' },
    { kind: 'huge', authorization: `Bearer ${'x'.repeat(6000)}` },
    { kind: 'unknown user', authorization: `Bearer ${await ledgerTestToken('no-such-user')}` },
  );
  return { valid: `Bearer ${await ledgerTestToken(user)}`, bad };
}
