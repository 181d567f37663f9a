import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { IdLink } from './id-link';
import { TemplateId } from './template-id';

afterEach(cleanup);

/** The text between the places a line may break (`<wbr>`), in order. */
const segments = (el: HTMLElement) =>
  el.innerHTML
    .replace(/<(?!wbr)[^>]+>/g, '')
    .split('<wbr>')
    .map((s) => s.trim());

describe('long ids wrap only between their parts', () => {
  it('breaks a template id after its colons and dots, never inside a name', () => {
    const { container } = render(<TemplateId id="Splice.Amulet:LockedAmulet" />);
    expect(container.textContent).toBe('Splice.Amulet:LockedAmulet');
    expect(segments(container.firstElementChild as HTMLElement)).toEqual([
      'Splice.',
      'Amulet:',
      'LockedAmulet',
    ]);
  });

  it('keeps a package id whole behind an ellipsis, with the whole template id to copy', () => {
    const pkg = '908b4397f30b750db73212bd21968ea3c2f5d1021d40ee52176043b35ae03101';
    render(<TemplateId id={`${pkg}:Splice.Amulet:Amulet`} copy />);
    expect(screen.getByTitle(pkg).textContent).toBe(pkg);
    expect(screen.getByRole('button', { name: 'Copy template id' })).toBeTruthy();
    expect(screen.getByTitle(pkg).parentElement!.getAttribute('data-full')).toBe(
      `${pkg}:Splice.Amulet:Amulet`,
    );
  });

  it('lets a party id wrap after its hint, its whole id the title and what is copied', () => {
    const party = 'blockdaemon-validator-1::1220456789abcdef0123456789abcdef0123456789abcdef0123456789ab9b92';
    render(
      <MemoryRouter>
        <IdLink kind="party" id={party} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('title')).toBe(party);
    expect(segments(link)).toEqual(['blockdaemon-validator-1::', '122045…9b92']);
    expect(link.parentElement!.getAttribute('data-full')).toBe(party);
  });
});
