import type { SettingsView } from '../../../shared/settings.ts';
import { AuditChainPanel } from './AuditChainPanel.tsx';
import { PolicyPanel } from './PolicyPanel.tsx';
import { SupportPanel } from './SupportPanel.tsx';
import { TillCheck } from './TillCheck.tsx';
import { TillIdentityFacts } from './TillIdentityFacts.tsx';

// Settings → About: what runs this till in the field — its id at the head office, the organisation's policy
// (when it has one), the health check, the till's key and the audit chain's export, and for support the logs'
// folder and the support bundle.

export function AboutSection({ view }: { view: SettingsView }) {
  return (
    <>
      <TillIdentityFacts />
      {view.policy && <PolicyPanel policy={view.policy} />}
      <TillCheck />
      <AuditChainPanel />
      <SupportPanel />
    </>
  );
}
