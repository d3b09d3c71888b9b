import { texts, venueInputSchema, type Venue, type VenueInput } from '@bande/shared';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { TextField } from '../ui/field.tsx';
import { RecordFormModal, type RecordFormProps } from '../ui/record-form-modal.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
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

const venueFormSchema = formSchemaFrom(venueInputSchema, (values: Required<VenueInput>) => values);

function VenueForm({ record: venue, onClose, onBusyChange }: RecordFormProps<Venue>) {
  const venues = useAdminVenues();
  const site = useSiteInfo();
  const form = useRecordForm({
    schema: venueFormSchema,
    defaultValues: { name: venue?.name ?? '', address: venue?.address ?? '', defaultCapacity: venue?.defaultCapacity ?? null },
    save: saveRecord('/api/venues', venue),
    queryKey: venuesKey,
    onClose,
    onBusyChange,
  });

  // Other venues only: suggesting the venue being edited to itself is noise.
  const otherVenues = (venues.data ?? []).filter((candidate) => candidate.id !== venue?.id);

  return (
    <RecordForm form={form}>
      <TextField label="Nom du lieu" required {...form.inputProps('name')} />
      <AddressAutocomplete
        label="Adresse"
        required
        {...form.valueProps('address')}
        venues={otherVenues}
        searchUrl={site.data?.addressSearchUrl}
        error={form.errorOf('address')}
        hint="Commencez à taper : les lieux déjà enregistrés puis les adresses connues sont proposés."
      />
      {venue ? <HistoryPanel entity="venue" entityId={venue.id} contentKey={venuesKey} onRestored={onClose} /> : null}
    </RecordForm>
  );
}
