import type { Show } from '@bande/shared/schemas/shows';
type EventShow = Pick<Show, 'slug' | 'name' | 'pitch' | 'photo' | 'performances'> & {
    credits?: Show['credits'];
};
/**
 * The stored free-text address as a schema.org PostalAddress when it ends with a French postal code
 * and town ('8 rue du Théâtre, 37000 Tours'); otherwise the text itself, which schema.org accepts.
 */
export declare function postalAddress(address: string): Record<string, unknown> | string;
/**
 * One schema.org TheaterEvent per upcoming performance of the show (upcoming as the page judges it:
 * strictly later than `now`), soonest first, for the show page's JSON-LD.
 */
export declare function theaterEventsJsonLd(show: EventShow, { now, siteUrl, isoWithOffset, organizer }: {
    now: Date;
    siteUrl: string;
    isoWithOffset: (iso: string) => string | null;
    organizer: string;
}): Record<string, unknown>[];
export {};
