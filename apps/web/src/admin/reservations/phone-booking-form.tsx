import { useState } from 'react';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { staffReservationInputSchema } from '@bande/shared/schemas/reservations';
import { texts } from '@bande/shared/texts';
import { formErrorMessage } from '../lib/admin-api.ts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { TextField } from '../ui/field.tsx';
import { AdminModal } from '../ui/modal.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { useRecordForm } from '../ui/use-record-form.ts';
import { reservationsKey } from './reservations-queries.ts';
import { reservationsTexts as t } from './reservations-texts.ts';
import type { ReservationPerformance } from '@bande/shared';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  seats: string;
}

// The server's own schema checks the body: a blank address or phone is none, the seats a whole number.
const phoneBookingSchema = formSchemaFrom(staffReservationInputSchema, (values: Values) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  email: values.email.trim() || null,
  phone: values.phone.trim() || null,
  seats: values.seats.trim() === '' ? Number.NaN : Number(values.seats),
}));

/** « Réservation par téléphone »: confirmed at once; past the capacity, the server's 409 is said above the fields. */
export function PhoneBookingModal({ performance, onClose }: { performance: ReservationPerformance; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useRecordForm({
    schema: phoneBookingSchema,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', seats: '1' },
    save: (api, body) => api.send('POST', `/api/performances/${performance.performanceId}/reservations`, body),
    queryKey: reservationsKey,
    onClose,
    onBusyChange: setBusy,
    // The server's words alone: « Impossible : il ne reste que 2 places pour cette représentation. »
    failure: (error) => formErrorMessage(error, texts.errors.save),
  });
  return (
    <AdminModal title={`${t.phoneBooking} — ${performance.showName}, ${formatPerformanceDate(performance.date)}`} onClose={onClose} busy={busy}>
      <RecordForm form={form}>
        <p>{t.phoneBookingHint}</p>
        <TextField label={t.fields.firstName} required autoComplete="off" {...form.inputProps('firstName')} />
        <TextField label={t.fields.lastName} required autoComplete="off" {...form.inputProps('lastName')} />
        <TextField label={t.fields.phone} type="tel" autoComplete="off" {...form.inputProps('phone')} />
        <TextField label={t.fields.email} type="email" autoComplete="off" {...form.inputProps('email')} />
        <TextField label={t.fields.seats} required inputMode="numeric" {...form.inputProps('seats')} />
      </RecordForm>
    </AdminModal>
  );
}
