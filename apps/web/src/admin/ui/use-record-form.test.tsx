import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberInputSchema, texts } from '@bande/shared';
import { loggedInForEachTest, renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { scheduleInputsOf, withSchedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { TextField } from './field.tsx';
import { RecordForm } from './record-form.tsx';
import { saveRecord, useRecordForm } from './use-record-form.ts';

loggedInForEachTest();

interface Values extends ScheduleInputs {
  firstName: string;
  lastName: string;
  role: string;
}

const schema = formSchemaFrom(memberInputSchema, withSchedulePayload<Values>);

/** A record form with the fewest fields: what the hook does, apart from any real form's own. */
function MemberLikeForm({ onClose }: { onClose: () => void }) {
  const form = useRecordForm({
    schema,
    defaultValues: { firstName: 'Emma', lastName: 'Rouault', role: 'Comédienne', ...scheduleInputsOf(null) },
    save: saveRecord('/api/members', null),
    queryKey: ['admin', 'members'],
    onClose,
  });
  // Handed over by value, as a performance's or a credit's row: react-hook-form holds no ref to it.
  const role = form.valueProps('role');
  return (
    <RecordForm form={form}>
      <TextField label="Prénom" {...form.inputProps('firstName')} />
      <TextField label="Nom" {...form.inputProps('lastName')} />
      <TextField label="Rôle" value={role.value} onChange={(event) => role.onChange(event.target.value)} error={form.errorOf('role')} />
      <ScheduleFields form={form} />
    </RecordForm>
  );
}

describe('useRecordForm', () => {
  it('shows a 400 answer’s field message under its field, focused, with the failure alert; the message goes when the field is edited', async () => {
    stubFetch({
      'POST /api/members': { status: 400, body: { error: texts.api.invalidBody, issues: [{ path: 'lastName', message: 'Ce nom est déjà pris' }] } },
    });
    const onClose = vi.fn();
    renderWithProviders(<MemberLikeForm onClose={onClose} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`${texts.errors.save} : ${texts.api.invalidBody}`);
    const lastName = screen.getByRole('textbox', { name: 'Nom' });
    expect(lastName).toHaveAccessibleDescription('Ce nom est déjà pris');
    expect(lastName).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    await user.type(lastName, 's');
    expect(screen.queryByText('Ce nom est déjà pris')).not.toBeInTheDocument();
    expect(lastName).not.toHaveAttribute('aria-invalid');
  });

  it('focuses a wrong field handed over by value (as a row of a list), whether the form or the server refused it', async () => {
    stubFetch({
      'POST /api/members': { status: 400, body: { error: texts.api.invalidBody, issues: [{ path: 'role', message: 'Ce rôle est refusé' }] } },
    });
    renderWithProviders(<MemberLikeForm onClose={vi.fn()} />);
    const user = userEvent.setup({ delay: null });
    const role = screen.getByRole('textbox', { name: 'Rôle' });

    await user.clear(role);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(role).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(role).toHaveFocus());

    await user.type(role, 'Metteuse en voix');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(role).toHaveAccessibleDescription('Ce rôle est refusé'));
    await waitFor(() => expect(role).toHaveFocus());
  });

  it('checks the Paris-time schedule fields as the body the server gets, and sends them as ISO instants', async () => {
    const fetch = stubFetch({ 'POST /api/members': { status: 201, body: { data: {} } } });
    const onClose = vi.fn();
    renderWithProviders(<MemberLikeForm onClose={onClose} />);
    const user = userEvent.setup({ delay: null });
    fireEvent.change(screen.getByLabelText('Publier le'), { target: { value: '2026-03-03T20:30' } });
    fireEvent.change(screen.getByLabelText('Retirer le'), { target: { value: '2026-03-03T20:00' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    // The shared schema compares the ISO instants: its message lands on the field of the same name.
    const withdrawal = screen.getByLabelText('Retirer le');
    await waitFor(() => expect(withdrawal).toHaveAccessibleDescription(expect.stringContaining(texts.validation.unpublishNotAfterPublish)));
    expect(withdrawal).toHaveFocus();
    expect(sentBodies(fetch, 'POST', '/api/members')).toEqual([]);

    fireEvent.change(withdrawal, { target: { value: '2026-07-14T20:30' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBodies(fetch, 'POST', '/api/members')).toEqual([
      { firstName: 'Emma', lastName: 'Rouault', role: 'Comédienne', note: null, photo: null, publishAt: '2026-03-03T19:30:00.000Z', unpublishAt: '2026-07-14T18:30:00.000Z' },
    ]);
  });
});
