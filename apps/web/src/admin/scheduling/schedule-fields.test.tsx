import { useEffect, useEffectEvent } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { MemberFormModal } from '../members/member-form.tsx';
import { ScheduleFields } from './schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload, type ScheduleInputs } from './schedule-inputs.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** The fields in a bare react-hook-form, as a record form holds them; `errors` stands for the form's messages. */
function Harness({ initial, errors = {}, onChange }: { initial: ScheduleInputs; errors?: Record<string, string>; onChange?: (value: ScheduleInputs) => void }) {
  const form = useForm({ defaultValues: initial });
  const reportChange = useEffectEvent((value: ScheduleInputs) => onChange?.(value));
  useEffect(() => form.subscribe({ formState: { values: true }, callback: ({ values }) => reportChange({ ...values }) }), [form]);
  return (
    <ScheduleFields
      form={{
        inputProps: (name) => ({ ...form.register(name), error: errors[name] }),
        valueProps: (name) => ({ value: form.watch(name) }),
      }}
    />
  );
}

describe('« Publier le » / « Retirer le »', () => {
  it('reads and writes Paris time, whatever the computer’s zone', () => {
    // A volunteer's laptop left on New York time: the fields still show and mean Paris time.
    process.env.TZ = 'America/New_York';
    const inputs = scheduleInputsOf({ publishAt: '2026-03-03T19:30:00.000Z', unpublishAt: '2026-07-14T18:30:00.000Z' });
    expect(inputs).toEqual({ publishAt: '2026-03-03T20:30', unpublishAt: '2026-07-14T20:30' });
    expect(schedulePayload(inputs)).toEqual({ publishAt: '2026-03-03T19:30:00.000Z', unpublishAt: '2026-07-14T18:30:00.000Z' });
    expect(schedulePayload({ publishAt: '', unpublishAt: '' })).toEqual({ publishAt: null, unpublishAt: null });
    expect(scheduleInputsOf(null)).toEqual({ publishAt: '', unpublishAt: '' });
  });

  it('labels both date-time fields, shows the date as the site prints it, and reports each change', () => {
    const onChange = vi.fn();
    render(<Harness initial={{ publishAt: '', unpublishAt: '' }} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Publication programmée' })).toBeInTheDocument();
    const publish = screen.getByLabelText('Publier le');
    expect(publish).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(publish, { target: { value: '2026-03-03T20:30' } });
    expect(onChange).toHaveBeenLastCalledWith({ publishAt: '2026-03-03T20:30', unpublishAt: '' });
    expect(publish).toHaveAccessibleDescription('mardi 3 mars 2026 - 20h30 (heure de Paris)');
    fireEvent.change(screen.getByLabelText('Retirer le'), { target: { value: '2026-03-10T23:00' } });
    expect(onChange).toHaveBeenLastCalledWith({ publishAt: '2026-03-03T20:30', unpublishAt: '2026-03-10T23:00' });
  });

  it('shows the form’s error on its field', () => {
    render(<Harness initial={{ publishAt: '', unpublishAt: '' }} errors={{ unpublishAt: texts.validation.unpublishNotAfterPublish }} />);
    const withdrawal = screen.getByLabelText('Retirer le');
    expect(withdrawal).toHaveAttribute('aria-invalid', 'true');
    expect(withdrawal).toHaveAccessibleDescription(texts.validation.unpublishNotAfterPublish);
  });

  it('in a form: refuses a withdrawal before the publication without sending, then sends both dates as ISO', async () => {
    localStorage.setItem('admin_token', 'jeton');
    const fetch = stubFetch({ 'POST /api/members': { status: 201, body: { data: {} } } });
    const onClose = vi.fn();
    renderWithProviders(<MemberFormModal memberId={null} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Emma');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Rouault');
    await user.type(screen.getByRole('textbox', { name: /Rôle/ }), 'Comédienne');
    fireEvent.change(screen.getByLabelText('Publier le'), { target: { value: '2026-03-03T20:30' } });
    fireEvent.change(screen.getByLabelText('Retirer le'), { target: { value: '2026-03-03T20:00' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(texts.validation.unpublishNotAfterPublish)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/members')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Retirer le'), { target: { value: '2026-07-14T20:30' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBodies(fetch, 'POST', '/api/members')).toEqual([
      expect.objectContaining({ firstName: 'Emma', publishAt: '2026-03-03T19:30:00.000Z', unpublishAt: '2026-07-14T18:30:00.000Z' }),
    ]);
  });
});
