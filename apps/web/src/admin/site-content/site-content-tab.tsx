import { PAGE_TEXT_GROUPS, PAGE_TEXTS_MAX, type PageTextGroup } from '@bande/shared/page-texts';
import { Fragment, useState, type ReactNode } from 'react';
import { WELCOME_MAIL_MAX } from '@bande/shared/welcome-mail';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray, type Path } from 'react-hook-form';
import type { SiteContent } from '@bande/shared';
import { ACCESSIBILITY_STATUS_LABELS, ACCESSIBILITY_STATUSES } from '@bande/shared/accessibility-status';
import { SITE_CONTENT_MAX as MAX } from '@bande/shared/schemas/site-content';
import { adminTexts } from '../admin-texts.ts';
import { formErrorMessage } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../ui/field.tsx';
import { LoadingRow, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAdminForm, type AdminFormState } from '../ui/use-admin-form.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { siteContentKey, useAdminSiteContent } from './site-content-queries.ts';
import { siteContentFormSchema, toValues, type SiteContentValues } from './site-content-form.ts';
import { siteContentTexts as t } from './site-content-texts.ts';
import styles from './site-content.module.css';

/** The site's texts are one record: their history is entity 1. */
const SITE_CONTENT_REVISION_ID = 1;

/** « Textes du site »: every word of the public site that is not a show, a member or another record. */
export function SiteContentTab() {
  const content = useAdminSiteContent();
  const queryClient = useQueryClient();
  // A restore gives the form new starting values: the editor starts again from them.
  const [restores, setRestores] = useState(0);
  const onRestored = (restored: Record<string, unknown>) => {
    queryClient.setQueryData(siteContentKey, restored as unknown as SiteContent);
    setRestores((n) => n + 1);
  };
  return (
    <TabPage title={adminTexts.tabs['site-content']} description={t.description}>
      {content.isPending ? (
        <div className={ui.panel}>
          <LoadingRow />
        </div>
      ) : content.isError ? (
        <Alert>{t.loadFailed}</Alert>
      ) : (
        <>
          <SiteContentEditor key={restores} loaded={content.data} />
          <HistoryPanel entity="site-content" entityId={SITE_CONTENT_REVISION_ID} contentKey={siteContentKey} onRestored={onRestored} spaced />
        </>
      )}
    </TabPage>
  );
}

type Form = AdminFormState<SiteContentValues, SiteContent>;

/** The value at a dotted path ('formats.0.name') of the form's values. */
const at = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);

function SiteContentEditor({ loaded }: { loaded: SiteContent }) {
  const toast = useToast();
  // The reference for the « Modifié » markers: what the server last gave or accepted.
  const [saved, setSaved] = useState<SiteContentValues>(() => toValues(loaded));
  const form = useAdminForm({
    schema: siteContentFormSchema,
    defaultValues: toValues(loaded),
    save: (api, body) => api.send('PUT', '/api/site-content', body),
    queryKey: siteContentKey,
    onSaved: (body) => {
      setSaved(toValues(body));
      toast.show(t.saved, 'success');
    },
    onFailed: (error) => toast.show(t.saveFailed(formErrorMessage(error, t.saveFailedGeneric)), 'error'),
  });
  const values = form.form.watch();
  const isModified = (path: string) => JSON.stringify(at(values, path)) !== JSON.stringify(at(saved, path));
  const modifiedCount = (['associationName', 'homeLead', 'footerText', 'pageTexts', 'welcomeMail', 'formats', 'horsCadre', 'contact', 'social', 'accessibility'] as const).filter(isModified).length;

  const field = (path: Path<SiteContentValues>, label: string, max: number | undefined, options: { multiline?: number; hint?: string; required?: boolean; type?: string } = {}) => {
    const length = String(at(values, path) ?? '').length;
    const common = {
      label,
      required: options.required ?? true,
      hint: options.hint,
      counter: max ? { value: length, max } : undefined,
      labelExtra: isModified(path) ? <Modified path={path} /> : null,
      ...form.inputProps(path),
    };
    return options.multiline ? <TextAreaField rows={options.multiline} {...common} /> : <TextField type={options.type} {...common} />;
  };

  return (
    <form onSubmit={form.onSubmit} noValidate className={styles.form}>
      <div className={styles.toolbar}>
        <a className={styles.preview} href="/" target="_blank" rel="noopener">
          {t.preview}
          <span className="visually-hidden"> (nouvel onglet)</span>
        </a>
      </div>

      <Group legend={t.groups.home} hint={t.hints.home}>
        {field('associationName', t.fields.associationName, MAX.associationName)}
        {field('homeLead', t.fields.homeLead, MAX.homeLead, { multiline: 4 })}
        {field('footerText', t.fields.footerText, MAX.footerText, { multiline: 3, hint: t.hints.footerText })}
      </Group>

      <Group legend={t.groups.welcomeMail} hint={t.hints.welcomeMail}>
        {field('welcomeMail.subject', t.fields.welcomeSubject, WELCOME_MAIL_MAX.subject)}
        {field('welcomeMail.text', t.fields.welcomeText, WELCOME_MAIL_MAX.text, { multiline: 8 })}
      </Group>

      <Group legend={t.groups.formats} hint={t.hints.formats}>
        <FormatsList form={form} field={field} />
      </Group>

      <Group legend={t.groups.horsCadre} hint={t.hints.horsCadre}>
        <HorsCadreList form={form} field={field} />
      </Group>

      {(Object.keys(PAGE_TEXT_GROUPS) as PageTextGroup[]).map((group) => (
        <Group key={group} id={`site-content-pages-${group}`} legend={t.pageGroups[group].legend} hint={t.pageGroups[group].hint}>
          {PAGE_TEXT_GROUPS[group].map((key) => (
            <Fragment key={key}>{field(`pageTexts.${key}`, t.pageFields[key], PAGE_TEXTS_MAX[key], { multiline: PAGE_TEXTS_MAX[key] > 100 ? 3 : undefined })}</Fragment>
          ))}
        </Group>
      ))}

      <Group legend={t.groups.contact} hint={t.hints.contact}>
        {field('contact.email', t.fields.email, MAX.email, { type: 'email' })}
        {field('contact.phone', t.fields.phone, MAX.phone, { type: 'tel', hint: t.hints.phone })}
        {field('contact.address', t.fields.address, MAX.address, { multiline: 3, hint: t.hints.address })}
        {field('contact.hours', t.fields.hours, MAX.hours, { required: false })}
        {field('contact.responseDays', t.fields.responseDays, undefined, { type: 'number' })}
      </Group>

      <Group legend={t.groups.social} hint={t.hints.social}>
        <SocialList form={form} field={field} />
      </Group>

      <Group legend={t.groups.accessibility} hint={t.hints.accessibility}>
        <SelectField
          label={t.fields.status}
          required
          labelExtra={isModified('accessibility.status') ? <Modified path="accessibility.status" /> : null}
          {...form.inputProps('accessibility.status')}
        >
          {ACCESSIBILITY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ACCESSIBILITY_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        {field('accessibility.rate', t.fields.rate, undefined, { type: 'number', required: false, hint: t.hints.rate })}
        {field('accessibility.auditDate', t.fields.auditDate, undefined, { type: 'date' })}
        {field('accessibility.nonAccessible', t.fields.nonAccessible, MAX.accessibilityNonAccessible, { multiline: 6, hint: t.hints.nonAccessible })}
        {field('accessibility.method', t.fields.method, MAX.accessibilityMethod, { multiline: 6, hint: t.hints.method })}
        <p className={styles.hint}>
          <a href="/accessibilite" target="_blank" rel="noopener">
            {t.statementLink}
            <span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        </p>
      </Group>

      <div className={styles.actionsBar}>
        <span className={styles.pending} aria-live="polite">
          {modifiedCount > 0 ? t.pending(modifiedCount) : t.noChange}
        </span>
        <AdminButton onClick={() => form.form.reset(saved, { keepErrors: true })} disabled={modifiedCount === 0 || form.saving}>
          {t.revert}
        </AdminButton>
        <AdminButton type="submit" variant="primary" disabled={form.saving}>
          {form.saving ? t.saving : adminTexts.actions.save}
        </AdminButton>
      </div>
    </form>
  );
}

type FieldRenderer = (path: Path<SiteContentValues>, label: string, max: number | undefined, options?: { multiline?: number; hint?: string; required?: boolean; type?: string }) => ReactNode;

function Modified({ path }: { path: string }) {
  return (
    <span className={ui.modifiedBadge} data-testid={`modified-${path}`}>
      {t.modified}
    </span>
  );
}

function Group({ legend, hint, children, id: givenId }: { legend: string; hint: string; children: ReactNode; id?: string }) {
  const id = givenId ?? `site-content-${legend.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <fieldset className={[ui.surface, styles.group].join(' ')} aria-describedby={`${id}-hint`}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <div className={ui.form}>{children}</div>
    </fieldset>
  );
}

function ListError({ form, path }: { form: Form; path: string }) {
  const message = form.errorOf(path);
  return message ? (
    <p className={styles.listError} role="alert">
      {message}
    </p>
  ) : null;
}

function FormatsList({ form, field }: { form: Form; field: FieldRenderer }) {
  const list = useFieldArray({ control: form.form.control, name: 'formats' });
  return (
    <>
      {list.fields.map((item, index) => (
        <div key={item.id} className={styles.item}>
          <div className={styles.itemHead}>
            <h3 className={styles.itemTitle}>{t.formatItem(index + 1)}</h3>
            <AdminButton small onClick={() => list.remove(index)} disabled={list.fields.length <= 1}>
              {t.remove}
              <span className="visually-hidden"> {t.formatItem(index + 1)}</span>
            </AdminButton>
          </div>
          {field(`formats.${index}.name`, t.fields.formatName, MAX.formatName)}
          {field(`formats.${index}.duration`, t.fields.formatDuration, MAX.formatDuration)}
          {field(`formats.${index}.description`, t.fields.formatDescription, MAX.formatDescription, { multiline: 3 })}
        </div>
      ))}
      <ListError form={form} path="formats" />
      <AdminButton onClick={() => list.append({ name: '', duration: '', description: '' })} disabled={list.fields.length >= MAX.formats}>
        {t.addFormat}
      </AdminButton>
    </>
  );
}

function HorsCadreList({ form, field }: { form: Form; field: FieldRenderer }) {
  const list = useFieldArray({ control: form.form.control, name: 'horsCadre' });
  return (
    <>
      {list.fields.map((item, index) => (
        <div key={item.id} className={styles.item}>
          <div className={styles.itemHead}>
            <h3 className={styles.itemTitle}>{t.horsCadreItem(index + 1)}</h3>
            <AdminButton small onClick={() => list.remove(index)} disabled={list.fields.length <= 1}>
              {t.remove}
              <span className="visually-hidden"> {t.horsCadreItem(index + 1)}</span>
            </AdminButton>
          </div>
          {field(`horsCadre.${index}.kicker`, t.fields.kicker, MAX.horsCadreKicker, { required: false })}
          {field(`horsCadre.${index}.title`, t.fields.title, MAX.horsCadreTitle)}
          {field(`horsCadre.${index}.description`, t.fields.description, MAX.horsCadreDescription, { multiline: 4 })}
          {field(`horsCadre.${index}.facts`, t.fields.facts, undefined, { multiline: 4, required: false, hint: t.hints.facts })}
          {[0, 1, 2, 3, 4].map((fact) => (
            <ListError key={fact} form={form} path={`horsCadre.${index}.facts.${fact}`} />
          ))}
          {field(`horsCadre.${index}.linkLabel`, t.fields.linkLabel, MAX.linkLabel, { required: false, hint: t.hints.linkLabel })}
        </div>
      ))}
      <ListError form={form} path="horsCadre" />
      <AdminButton
        onClick={() => list.append({ kicker: '', title: '', description: '', facts: '', linkLabel: '' })}
        disabled={list.fields.length >= MAX.horsCadre}
      >
        {t.addHorsCadre}
      </AdminButton>
    </>
  );
}

function SocialList({ form, field }: { form: Form; field: FieldRenderer }) {
  const list = useFieldArray({ control: form.form.control, name: 'social' });
  return (
    <>
      {list.fields.length === 0 ? <p className={styles.hint}>{t.noSocial}</p> : null}
      {list.fields.map((item, index) => (
        <div key={item.id} className={styles.item}>
          <div className={styles.itemHead}>
            <h3 className={styles.itemTitle}>{t.socialItem(index + 1)}</h3>
            <AdminButton small onClick={() => list.remove(index)}>
              {t.remove}
              <span className="visually-hidden"> {t.socialItem(index + 1)}</span>
            </AdminButton>
          </div>
          {field(`social.${index}.label`, t.fields.socialLabel, MAX.socialLabel)}
          {field(`social.${index}.url`, t.fields.socialUrl, MAX.socialUrl, { hint: t.hints.socialUrl })}
        </div>
      ))}
      <ListError form={form} path="social" />
      <AdminButton onClick={() => list.append({ label: '', url: 'https://' })} disabled={list.fields.length >= MAX.social}>
        {t.addSocial}
      </AdminButton>
    </>
  );
}
