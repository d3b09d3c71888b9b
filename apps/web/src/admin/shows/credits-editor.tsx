import { useState } from 'react';
import type { Member } from '@bande/shared';
import { LIMITS } from '@bande/shared/constants';
import { texts } from '@bande/shared/texts';
import { AdminButton, IconButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { SelectField, TextField } from '../ui/field.tsx';
import { PlusIcon, TrashIcon } from '../ui/icons.tsx';
import { ui } from '../ui/layout.tsx';
import { emptyCredit, emptyCreditMember, type CreditRow } from './show-form-state.ts';
import styles from './shows.module.css';

interface Props {
  rows: CreditRow[];
  onChange: (rows: CreditRow[]) => void;
  members: Member[];
  error?: string;
}

/** 'La petite bande': up to 6 categories, each with members of the troupe and their role in this show. */
export function CreditsEditor({ rows, onChange, members, error }: Props) {
  const [limitAlert, setLimitAlert] = useState(false);
  const update = (key: string, patch: Partial<CreditRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function addCategory() {
    if (rows.length >= LIMITS.maxCreditCategories) {
      setLimitAlert(true);
      return;
    }
    setLimitAlert(false);
    onChange([...rows, emptyCredit()]);
  }

  return (
    <fieldset className={ui.fieldset}>
      <legend>Crédits — La petite bande</legend>
      <p className={styles.sectionNote}>
        {rows.length}/{LIMITS.maxCreditCategories} catégories. Une catégorie sans nom n’est pas enregistrée.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {rows.length === 0 ? <p className={styles.emptyLine}>Aucune catégorie de crédits.</p> : null}
      <div className={styles.rows}>
        {rows.map((row, index) => (
          <div key={row.key} className={styles.rowCard} role="group" aria-label={`Catégorie ${index + 1}`}>
            <div className={styles.memberLine}>
              <TextField
                label={`Catégorie ${index + 1}`}
                placeholder="Mise en scène, Distribution..."
                value={row.category}
                onChange={(event) => update(row.key, { category: event.target.value })}
              />
              <span />
              <IconButton label={`Retirer la catégorie ${index + 1}`} danger onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
                <TrashIcon />
              </IconButton>
            </div>
            {row.members.map((line, lineIndex) => (
              <div key={line.key} className={styles.memberLine}>
                <SelectField
                  label={`Membre ${lineIndex + 1}`}
                  value={line.memberId}
                  onChange={(event) =>
                    update(row.key, { members: row.members.map((m) => (m.key === line.key ? { ...m, memberId: event.target.value } : m)) })
                  }
                >
                  <option value="">— Choisir un membre —</option>
                  {members.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.fullName}
                      {member.published ? '' : ` (${texts.admin.status.draft.toLowerCase()})`}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Rôle dans ce spectacle"
                  placeholder={members.find((m) => String(m.id) === line.memberId)?.role ?? ''}
                  value={line.role}
                  onChange={(event) =>
                    update(row.key, { members: row.members.map((m) => (m.key === line.key ? { ...m, role: event.target.value } : m)) })
                  }
                />
                <IconButton label={`Retirer le membre ${lineIndex + 1} de la catégorie ${index + 1}`} onClick={() => update(row.key, { members: row.members.filter((m) => m.key !== line.key) })}>
                  <TrashIcon />
                </IconButton>
              </div>
            ))}
            <div>
              <AdminButton small variant="ghost" icon={<PlusIcon />} onClick={() => update(row.key, { members: [...row.members, emptyCreditMember()] })}>
                Ajouter un membre
              </AdminButton>
            </div>
          </div>
        ))}
      </div>
      {limitAlert ? <Alert>{texts.validation.maxCreditCategories}</Alert> : null}
      <div>
        <AdminButton small icon={<PlusIcon />} onClick={addCategory}>
          Ajouter une catégorie
        </AdminButton>
      </div>
    </fieldset>
  );
}
