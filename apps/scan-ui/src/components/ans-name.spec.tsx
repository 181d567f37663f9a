import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { scanApi } from '@canton-scan/contracts/browser';
import { ansEntryOrNull, useAnsEntryByParty } from '../hooks/use-ans';
import { AnsName } from './ans-name';

vi.mock('../hooks/use-ans', async (original) => ({
  ...(await original<typeof import('../hooks/use-ans')>()),
  useAnsEntryByParty: vi.fn(),
}));

afterEach(cleanup);

const PARTY = 'alice::1220' + 'a'.repeat(64);
const result = <T,>(data: T) => ({ isPending: false, isError: false, data }) as unknown as UseQueryResult<T>;
const response = (status: number) => ({ status }) as Response;

describe('AnsName', () => {
  it('shows the party’s ANS name beside it', () => {
    vi.mocked(useAnsEntryByParty).mockReturnValue(
      result<scanApi.AnsEntry | null>({
        contract_id: '00ab',
        user: PARTY,
        name: 'alice.unverified.cns',
        url: '',
        description: '',
        expires_at: '2026-04-05T00:00:00.000000Z',
      }),
    );
    render(<AnsName party={PARTY} />);
    expect(screen.getByLabelText('ANS name alice.unverified.cns').textContent).toBe('alice.unverified.cns');
    expect(vi.mocked(useAnsEntryByParty)).toHaveBeenCalledWith(PARTY);
  });

  it('shows nothing for a party without a name, or while the lookup is pending', () => {
    vi.mocked(useAnsEntryByParty).mockReturnValue(result<scanApi.AnsEntry | null>(null));
    const { container } = render(<AnsName party={PARTY} />);
    expect(container.textContent).toBe('');
    vi.mocked(useAnsEntryByParty).mockReturnValue({
      isPending: true,
      data: undefined,
    } as unknown as UseQueryResult<scanApi.AnsEntry | null>);
    const pending = render(<AnsName party={PARTY} />);
    expect(pending.container.textContent).toBe('');
  });
});

describe('ansEntryOrNull', () => {
  const entry = { user: PARTY, name: 'dso.ans', url: '', description: '' };

  it('is the entry of a 200 and null for the scan’s 404', async () => {
    expect(
      await ansEntryOrNull(Promise.resolve({ data: { entry }, response: response(200) }) as never),
    ).toEqual(entry);
    expect(
      await ansEntryOrNull(
        Promise.resolve({
          error: { error: 'No ans entry found for party' },
          response: response(404),
        }) as never,
      ),
    ).toBeNull();
  });

  it('fails on any other error', async () => {
    await expect(
      ansEntryOrNull(Promise.resolve({ error: { error: 'boom' }, response: response(500) }) as never),
    ).rejects.toThrow('boom');
  });
});
