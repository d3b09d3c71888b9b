import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { texts, venueInputSchema, type Venue, type VenueInput } from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { adminTexts } from '../admin-texts.ts';
import { ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordFormModal, type RecordFormProps } from '../ui/record-form-modal.tsx';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import { useAdminVenue, useAdminVenues, useSiteInfo, venuesKey } from './venues-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';

export function VenueFormModal({ venueId, onClose }: { venueId: number | null; onClose: () => void }) {
  const venue = useAdminVenue(venueId);
  return (
    <RecordFormModal recordId={venueId} record={venue} titles={{ create: 'Nouveau lieu', edit: 'Modifier le lieu' }} loadError={texts.errors.venueLoad} onClose={onClose}>
      {(props) => <VenueForm {...props} />}
    </RecordFormModal>
  );
}

function VenueForm({ record: venue, onClose, onBusyChange }: RecordFormProps<Venue>) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const venues = useAdminVenues();
  const site = useSiteInfo();
  const [values, setValues] = useState<VenueInput>({ name: venue?.name ?? '', address: venue?.address ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) => (venue ? api.send('PUT', `/api/venues/${venue.id}`, body) : api.send('POST', '/api/venues', body)),
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: () => {
      invalidateAfterChange(queryClient, venuesKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(failureWithDetail(texts.errors.save, error));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = venueInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data);
  }

  // Other venues only: suggesting the venue being edited to itself is noise.
  const otherVenues = (venues.data ?? []).filter((candidate) => candidate.id !== venue?.id);

  return (
    <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
      <ModalBody>
        <div className={ui.form}>
          {formError ? <Alert>{formError}</Alert> : null}
          <TextField
            label="Nom du lieu"
            required
            value={values.name}
            onChange={(event) => {
              setValues((current) => ({ ...current, name: event.target.value }));
              setErrors((current) => withoutError(current, 'name'));
            }}
            error={errors.name}
          />
          <AddressAutocomplete
            label="Adresse"
            required
            value={values.address}
            onChange={(address) => {
              setValues((current) => ({ ...current, address }));
              setErrors((current) => withoutError(current, 'address'));
            }}
            venues={otherVenues}
            searchUrl={site.data?.addressSearchUrl}
            error={errors.address}
            hint="Commencez à taper : les lieux déjà enregistrés puis les adresses connues sont proposés."
          />
          {venue ? <HistoryPanel entity="venue" entityId={venue.id} contentKey={venuesKey} onRestored={onClose} /> : null}
        </div>
      </ModalBody>
      <ModalFooter>
        <AdminButton onClick={onClose} disabled={save.isPending}>
          {adminTexts.actions.cancel}
        </AdminButton>
        <AdminButton type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? texts.submitting.saving : adminTexts.actions.save}
        </AdminButton>
      </ModalFooter>
    </form>
  );
}
