// Placeholder until the browser journeys land (public-site and admin issues).
export {};
