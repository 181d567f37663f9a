/**
 * A non-negative duration of `nanos` nanoseconds as Java's `Duration.toString` writes it, which is
 * how Splice's `/status` renders uptime: `PT` then hours, minutes and seconds, each left out when
 * zero (seconds kept when all are), the seconds' fraction without trailing zeros
 * (`PT85H26M0.595279S`, `PT1M`, `PT0S`).
 */
export function javaDurationString(nanos: bigint): string {
  if (nanos < 0n) throw new RangeError('a negative duration');
  if (nanos === 0n) return 'PT0S';
  const totalSeconds = nanos / 1_000_000_000n;
  const fraction = nanos % 1_000_000_000n;
  const hours = totalSeconds / 3600n;
  const minutes = (totalSeconds % 3600n) / 60n;
  const seconds = totalSeconds % 60n;
  let text = 'PT';
  if (hours !== 0n) text += `${hours}H`;
  if (minutes !== 0n) text += `${minutes}M`;
  if (seconds === 0n && fraction === 0n && text.length > 2) return text;
  text += String(seconds);
  if (fraction > 0n) text += `.${String(fraction).padStart(9, '0').replace(/0+$/, '')}`;
  return `${text}S`;
}
