import type { SettingsView } from '../../../shared/settings.ts';
import { PolicyPanel } from './PolicyPanel.tsx';
import { TillCheck } from './TillCheck.tsx';

// Settings → About: what runs this till in the field — the organisation's policy (when it has one) and the
// health check. (Issue 27's "logs" part adds where the logs are and the support bundle here.)

export function AboutSection({ view }: { view: SettingsView }) {
  return (
    <>
      {view.policy && <PolicyPanel policy={view.policy} />}
      <TillCheck />
    </>
  );
}
