import Box from '@mui/material/Box';
import { configInForce, type AmuletRules } from '../lib/payloads';
import { Amount } from './amount';
import { Field } from './event-details';
import { Time } from './time';

/**
 * The amulet configuration in force at `at` in the AmuletRules contract created at `createdAt`
 * (from the schedule's `futureValues` when one applies, as in older histories).
 */
export function AmuletConfigView({
  rules,
  at,
  createdAt,
}: {
  rules: AmuletRules;
  at: string;
  createdAt?: string;
}) {
  const { config, since } = configInForce(rules, at, createdAt);
  const t = config.transferConfig;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, m: 0 }}>
      <Field name="In force since">{since ? <Time iso={since} /> : 'network start (initial value)'}</Field>
      <Field name="Create fee">
        <Amount value={t.createFee.fee} unit="USD" />
      </Field>
      <Field name="Holding fee per round">
        <Amount value={t.holdingFee.rate} unit="USD" />
      </Field>
      <Field name="Transfer fee">
        <Amount value={t.transferFee.initialRate} />
        {t.transferFee.steps.map((s) => (
          <Box key={s._1} component="span">
            {', '}
            <Amount value={s._2} /> above <Amount value={s._1} unit="USD" />
          </Box>
        ))}
      </Field>
      <Field name="Lock holder fee">
        <Amount value={t.lockHolderFee.fee} unit="USD" />
      </Field>
      <Field name="Inputs / outputs per transfer">
        {t.maxNumInputs} / {t.maxNumOutputs}
      </Field>
    </Box>
  );
}
