/** The door screen of a performance (its route is in admin-app.tsx). */
export const doorPath = (performanceId: number) => `/admin/dashboard/reservations/${performanceId}/entrees`;
