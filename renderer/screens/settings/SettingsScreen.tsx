import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { SettingsView } from '../../../shared/settings.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { AboutSection } from './AboutSection.tsx';
import { CameraFieldset } from './CameraFieldset.tsx';
import { CustomerHelpFieldset } from './CustomerHelpFieldset.tsx';
import { HeadOfficeFieldset } from './HeadOfficeFieldset.tsx';
import { LimitsFieldset } from './LimitsFieldset.tsx';
import { LinkedCustomersFieldset } from './LinkedCustomersFieldset.tsx';
import { PartnerFieldset } from './PartnerFieldset.tsx';
import { PrinterFieldset } from './PrinterFieldset.tsx';
import { PinGate } from './PinGate.tsx';
import { ProviderFieldset } from './ProviderFieldset.tsx';
import { RegisterFieldset } from './RegisterFieldset.tsx';
import { RelockDialog } from './RelockDialog.tsx';
import { ScannerFieldset } from './ScannerFieldset.tsx';
import { SecurityFieldset } from './SecurityFieldset.tsx';
import { RoleRightsTable } from './RoleRightsTable.tsx';
import { StaffFieldset } from './StaffFieldset.tsx';
import type { PersonSave } from './StaffEditor.tsx';
import { StaffPeople } from './StaffPeople.tsx';
import { TerminalFieldset } from './TerminalFieldset.tsx';
import { BusinessFieldset } from './BusinessFieldset.tsx';
import { UpdatesFieldset } from './UpdatesFieldset.tsx';
import { firstSectionWithProblem, problemsBySection, type SettingsSection } from './settings-sections.ts';
import { SectionTabs } from './SectionTabs.tsx';
import { useSettingsForm } from './use-settings-form.ts';
import { VaultUnreadable } from './VaultUnreadable.tsx';

// Real settings through settings.get / settings.save, in sections (tabs). Secrets are write-only. When an admin
// PIN is set, the screen opens only after settings.verifyPin (the unlock lasts 5 idle minutes, across screens).
// Each fieldset edits the one shared draft, whichever section shows; the save bar sends what changed.

export function SettingsScreen() {
  const view = useAppStore((state) => state.settingsView);
  const unlocked = useAppStore((state) => state.adminUnlocked);
  const unlock = useAppStore((state) => state.unlockAdmin);
  const t = useT();
  if (!view) return <p>{t('common.loading')}</p>;
  // Fail closed: an unreadable vault may hold an admin PIN; main refuses every save until it is fixed.
  if (view.vaultUnreadable) return <VaultUnreadable />;
  if (view.secrets.adminPin && !unlocked) return <PinGate onUnlock={unlock} />;
  return <SettingsForm view={view} />;
}

function SettingsForm({ view }: { view: SettingsView }) {
  const t = useT();
  const form = useSettingsForm(view);
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  const panelsRef = useRef<HTMLDivElement>(null);
  const problemFields = Object.keys(form.fieldErrors);
  const counts = problemsBySection(problemFields);
  const [section, setSection] = useOpenSection(form, problemFields, panelsRef);
  const personSaveRef = useRef<PersonSave | null>(null);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void saveAll(form, personSaveRef.current);
  };

  return (
    <section className="screen settings-screen" aria-labelledby="settings-title" data-testid="settings-screen">
      <h1 id="settings-title" tabIndex={-1} className="screen-title">
        {t('settings.title')}
      </h1>
      <SectionTabs current={section} counts={counts} onSelect={setSection} />
      <form
        className="settings-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="settings-title"
        data-testid="settings-form"
      >
        {/* The sections scroll; the save bar sits below them, never over the field being edited. */}
        <div className="settings-panels" ref={panelsRef}>
          <SettingsPanels view={view} form={form} section={section} personSaveRef={personSaveRef} />
        </div>
        <SaveBar form={form} problemCount={problemFields.length} saveButtonRef={saveButtonRef} />
      </form>
      {form.relocked && (
        <RelockDialog
          onUnlocked={() => {
            saveButtonRef.current?.focus();
            form.pinAccepted();
          }}
          onCancel={() => {
            form.pinDialogCancelled();
            saveButtonRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}

type SettingsForm = ReturnType<typeof useSettingsForm>;

/**
 * Settings has one Save (issue 39): a person open in Settings → Staff is saved first (staff.save: a person is not
 * a setting), then the settings when something changed; a person not saved stops there, their problem shown.
 */
async function saveAll(form: SettingsForm, personSave: PersonSave | null): Promise<void> {
  if (personSave) {
    if (!(await personSave())) return;
    if (!form.dirty) return;
  }
  await form.save();
}

/**
 * The section on show: the one a link asked for (the status bar's "check this till": About), also while Settings
 * is open; after a refusal, the section of the first problem, with that field brought into view and focused.
 */
function useOpenSection(
  form: SettingsForm,
  problemFields: readonly string[],
  panelsRef: RefObject<HTMLDivElement | null>,
): [SettingsSection, (section: SettingsSection) => void] {
  const screen = useAppStore((state) => state.screen);
  const asked = screen.name === 'settings' ? screen.section : undefined;
  const [section, setSection] = useState<SettingsSection>(asked ?? 'connection');
  const [askedBy, setAskedBy] = useState(screen);
  if (screen !== askedBy) {
    setAskedBy(screen);
    if (asked) setSection(asked);
  }
  // A refusal opens the section of the first problem (adjusted while rendering: no extra pass) and brings
  // that field into view, focused. Editing afterwards moves nothing.
  const refusals = form.refusals;
  const firstSection = firstSectionWithProblem(problemFields);
  const [openedFor, setOpenedFor] = useState(0);
  const [focusRequest, setFocusRequest] = useState<SettingsSection | null>(null);
  if (refusals !== openedFor) {
    setOpenedFor(refusals);
    if (firstSection !== null) setSection(firstSection);
    setFocusRequest(firstSection);
  }
  useEffect(() => {
    if (focusRequest === null) return;
    const frame = requestAnimationFrame(() => {
      const field = panelsRef.current?.querySelector<HTMLElement>(
        `#settings-panel-${focusRequest} [aria-invalid="true"]`,
      );
      field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
    // A new refusal asks again even for the same section.
  }, [focusRequest, openedFor, panelsRef]);

  return [section, setSection];
}

function Panel({ id, shown, children }: { id: SettingsSection; shown: SettingsSection; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`settings-panel-${id}`}
      aria-labelledby={`settings-tab-${id}`}
      hidden={shown !== id}
      className="settings-panel"
      data-testid={`settings-panel-${id}`}
    >
      {children}
    </div>
  );
}

/** Each section's fieldsets, all editing the one shared draft; only the section on show is visible. */
function SettingsPanels({
  view,
  form,
  section,
  personSaveRef,
}: {
  view: SettingsView;
  form: SettingsForm;
  section: SettingsSection;
  personSaveRef: RefObject<PersonSave | null>;
}) {
  return (
    <>
      <Panel id="connection" shown={section}>
        <ProviderFieldset
          draft={form.draft}
          patch={form.patch}
          onError={(error) => (error.code === 'settings.invalid' ? form.testRefused(error) : form.reportError(error))}
        />
        <PartnerFieldset draft={form.draft} />
      </Panel>
      <Panel id="terminal" shown={section}>
        <TerminalFieldset draft={form.draft} />
        <BusinessFieldset draft={form.draft} />
        <CustomerHelpFieldset draft={form.draft} />
      </Panel>
      <Panel id="payments" shown={section}>
        <LimitsFieldset draft={form.draft} />
      </Panel>
      <Panel id="devices" shown={section}>
        <ScannerFieldset draft={form.draft} />
        <CameraFieldset draft={form.draft} />
        <PrinterFieldset draft={form.draft} />
      </Panel>
      <Panel id="pins" shown={section}>
        <SecurityFieldset draft={form.draft} pinConfirm={form.pinConfirm} />
      </Panel>
      <Panel id="staff" shown={section}>
        <StaffFieldset draft={form.draft} />
        {/* Read when the section opens: the list is the core's, not part of the settings draft. */}
        {section === 'staff' && <StaffPeople personSaveRef={personSaveRef} />}
        <RoleRightsTable />
      </Panel>
      <Panel id="linked" shown={section}>
        <LinkedCustomersFieldset draft={form.draft} />
      </Panel>
      <Panel id="register" shown={section}>
        <RegisterFieldset draft={form.draft} />
      </Panel>
      <Panel id="updates" shown={section}>
        <UpdatesFieldset draft={form.draft} />
      </Panel>
      <Panel id="headOffice" shown={section}>
        <HeadOfficeFieldset draft={form.draft} />
      </Panel>
      <Panel id="about" shown={section}>
        <AboutSection view={view} />
      </Panel>
    </>
  );
}

function SaveBar({
  form,
  problemCount,
  saveButtonRef,
}: {
  form: SettingsForm;
  problemCount: number;
  saveButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  return (
    <div className="form-footer">
      <button
        type="submit"
        ref={saveButtonRef}
        className="button button-primary button-large"
        disabled={form.busy}
        data-testid="settings-save"
      >
        {form.busy ? t('settings.saving') : t('settings.save')}
      </button>
      {problemCount > 0 ? (
        <p role="alert" className="error-text" data-testid="settings-error" data-error-code="settings.invalid">
          {problemCount === 1 ? t('settings.problemsOne') : t('settings.problemsCount', { count: problemCount })}
        </p>
      ) : (
        <ErrorText error={form.error} testId="settings-error" />
      )}
      {form.message && (
        <p role="status" data-testid="settings-message">
          {form.message}
        </p>
      )}
    </div>
  );
}
