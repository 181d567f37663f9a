import { Writable } from 'node:stream';
import { Progress } from './progress';

/** A stream that is not a terminal (a CI log, a pipe), keeping what is written to it. */
function pipe(): { out: Writable; text: () => string } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { out, text: () => chunks.join('') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Progress', () => {
  it('writes plain periodic lines (no control characters) and a summary when the stream is not a terminal', async () => {
    const display = pipe();
    const summary = pipe();
    let now = 0;
    const progress = new Progress({
      label: 'ingest',
      unit: 'updates',
      total: 1000,
      stream: display.out,
      summaryStream: summary.out,
      plainEveryMs: 20,
      now: () => now,
    });
    now = 1000;
    progress.update(2500, { position: 250, detail: '2,500 new' });
    await sleep(60);
    now = 2000;
    progress.update(5000, { position: 500 });
    await sleep(60);
    progress.finish('ingested 5,000 updates');
    const lines = display.text().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(display.text()).not.toContain('\r');
    expect(display.text()).not.toContain(String.fromCharCode(0x1b));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ingest \[[=-]+\] 25% \| 2,500 updates \| 2,500 updates\/s \| ETA .* \| 2,500 new$/,
      ),
    );
    expect(lines[lines.length - 1]).toMatch(
      /^ingest \[[=-]+\] 50% \| 5,000 updates \| 2,500 updates\/s \| ETA /,
    );
    expect(summary.text()).toBe('ingested 5,000 updates\n');
  });

  it('smooths the rate over a few seconds instead of showing the last interval’s', () => {
    const display = pipe();
    let now = 0;
    const progress = new Progress({
      label: 'mirror',
      unit: 'updates',
      stream: display.out,
      plainEveryMs: 60_000,
      now: () => now,
    });
    const rates: number[] = [];
    const rateOf = () => Number(/\| ([\d,]+) updates\/s/.exec(lastLine())![1].replace(/,/g, ''));
    const lastLine = () => {
      progress.stop();
      return display.text().trim().split('\n').pop()!;
    };
    now = 1000;
    progress.update(1000);
    now = 2000;
    progress.update(1000 + 10_000); // a burst: 10,000 in one second
    rates.push(rateOf());
    // The smoothed rate moved towards the burst but not all the way.
    expect(rates[0]).toBeGreaterThan(1000);
    expect(rates[0]).toBeLessThan(10_000);
  });
});
