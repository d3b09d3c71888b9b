import type { Venue } from '@bande/shared';
import { texts } from '@bande/shared/texts';
import { venueInputSchema } from '@bande/shared/schemas/venues';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { capacityOf } from '../lib/capacity.ts';
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

/** The form's values: « Capacité par défaut » is a text (empty: none), the body's defaultCapacity a number or null. */
interface VenueFormValues {
  name: string;
  address: string;
  defaultCapacity: string;
}

const toBody = (values: VenueFormValues) => ({ ...values, defaultCapacity: capacityOf(values.defaultCapacity) });
const venueFormSchema = formSchemaFrom(venueInputSchema, toBody);

function VenueForm({ record: venue, onClose, onBusyChange }: RecordFormProps<Venue>) {
  const venues = useAdminVenues();
  const site = useSiteInfo();
  const form = useRecordForm({
    schema: venueFormSchema,
    defaultValues: { name: venue?.name ?? '', address: venue?.address ?? '', defaultCapacity: venue?.defaultCapacity == null ? '' : String(venue.defaultCapacity) },
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
      <TextField
        label="Capacité par défaut"
        inputMode="numeric"
        hint="Les places d’une nouvelle représentation dans ce lieu (réservations sur ce site). Vide : aucune."
        {...form.inputProps('defaultCapacity')}
      />
      {venue ? <HistoryPanel entity="venue" entityId={venue.id} contentKey={venuesKey} onRestored={onClose} /> : null}
    </RecordForm>
  );
}
