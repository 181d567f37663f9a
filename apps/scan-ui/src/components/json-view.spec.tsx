import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { COLLAPSE_AT, JsonView, leaves } from './json-view';

afterEach(cleanup);

const large = {
  owner: 'alice::1220aaaa',
  amount: { initialAmount: '10.0000000000', ratePerRound: { rate: '0.0000190259' } },
  history: Array.from({ length: 40 }, (_, i) => ({ round: String(i), note: 'x'.repeat(10) })),
};

describe('JsonView', () => {
  it('shows a small payload whole', () => {
    render(<JsonView label="Create arguments" value={{ owner: 'alice' }} />);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
    expect(screen.getByLabelText('Create arguments').textContent).toBe(
      JSON.stringify({ owner: 'alice' }, null, 2),
    );
  });

  it('collapses a payload past the size limit until asked', () => {
    render(<JsonView label="Create arguments" value={large} />);
    const text = JSON.stringify(large, null, 2);
    expect(text.length).toBeGreaterThan(COLLAPSE_AT);
    const pre = screen.getByLabelText('Create arguments');
    expect(pre.textContent).toBe(`${text.slice(0, COLLAPSE_AT)}…`);
    const show = screen.getByRole('button', {
      name: `Show all (${text.length.toLocaleString('en')} characters)`,
    });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(pre.textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Collapse' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('finds fields by path or value, even in the collapsed part', () => {
    render(<JsonView label="Create arguments" value={large} />);
    fireEvent.change(screen.getByLabelText('Search fields of create arguments'), {
      target: { value: 'rate' },
    });
    const list = screen.getByRole('list', { name: 'Fields matching rate' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['amount.ratePerRound.rate = "0.0000190259"']);
    fireEvent.change(screen.getByLabelText('Search fields of create arguments'), {
      target: { value: 'history.39.round' },
    });
    expect(screen.getByRole('list', { name: /Fields matching/ }).textContent).toBe('history.39.round = "39"');
    fireEvent.change(screen.getByLabelText('Search fields of create arguments'), {
      target: { value: 'nothing-like-it' },
    });
    expect(screen.getByText('No field matches “nothing-like-it”.')).toBeTruthy();
  });

  it('lists every leaf with its path', () => {
    expect(leaves({ a: [1, { b: null }], c: {} })).toEqual([
      ['a.0', '1'],
      ['a.1.b', 'null'],
      ['c', '{}'],
    ]);
  });
});
