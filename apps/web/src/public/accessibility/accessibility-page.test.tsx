import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';
import { renderWithProviders } from '../../test/render.tsx';
import AccessibilityPage, { REPORT_PROBLEM_PATH } from './accessibility-page.tsx';
import { presetFrom } from '../contact/contact-form.tsx';

describe('accessibility statement', () => {
  it('states the conformity, the rate or its absence, what is not accessible, the audit, how to report and the means of redress', () => {
    renderWithProviders(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeInTheDocument();
    expect(screen.getAllByText('non conforme').length).toBeGreaterThan(0);
    for (const heading of ['État de conformité', 'Résultats des tests', 'Contenus non accessibles', 'Établissement de cette déclaration', 'Retour d’information et contact', 'Voies de recours']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/Aucun audit complet des critères du RGAA/)).toBeInTheDocument();
    expect(screen.getByText(/établie le 26 novembre 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /signalez-le-nous/ })).toHaveAttribute('href', REPORT_PROBLEM_PATH);
    expect(screen.getByText(/Défenseur des droits, Libre réponse 71120/)).toBeInTheDocument();
  });

  it('shows the rate and the state staff set', () => {
    renderWithProviders(<AccessibilityPage />, { siteContent: { ...DEFAULT_SITE_CONTENT, accessibility: { ...DEFAULT_SITE_CONTENT.accessibility, status: 'partielle', rate: 72 } } });
    expect(screen.getByText(/révèle que 72 % des critères/)).toBeInTheDocument();
    expect(screen.getAllByText('partiellement conforme').length).toBeGreaterThan(0);
  });

  it('its report link presets the contact form: type « Autre », a message about accessibility', () => {
    expect(presetFrom(REPORT_PROBLEM_PATH.slice(REPORT_PROBLEM_PATH.indexOf('?')))).toEqual({ requestType: 'Autre', message: 'Problème d’accessibilité sur la page : ' });
    expect(presetFrom('?type=Inconnu')).toBeUndefined();
  });
});
