import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, NavLink, Route, Routes, useLocation } from 'react-router';

// The site's internal links are React Router's own: what the site counts on them for.

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}`}</p>;
}

/** Whether the last click was left to the browser; jsdom itself is kept from following it. */
let leftToBrowser: boolean | undefined;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <div
              onClick={(event) => {
                leftToBrowser = !event.defaultPrevented;
                event.preventDefault();
              }}
            >
              <nav aria-label="Principale">
                <NavLink to="/" end>
                  Accueil
                </NavLink>
                <NavLink to="/shows">Spectacles</NavLink>
              </nav>
              <Link to="/show/la-chatte#dates" className="titre">
                La Chatte
              </Link>
              <Link to="/contact" target="_blank">
                Contact
              </Link>
              <Where />
            </div>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link and NavLink', () => {
  it('render real anchors to the path, and a plain click navigates inside the app', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/');
    const link = screen.getByRole('link', { name: 'La Chatte' });
    expect(link).toHaveAttribute('href', '/show/la-chatte#dates');
    expect(link).toHaveClass('titre');
    await user.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/show/la-chatte#dates');
  });

  it('leave modified clicks and other targets to the browser', () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'La Chatte' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      fireEvent.click(link, modifier);
      expect(leftToBrowser).toBe(true); // the browser opens a tab or a window
    }
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(leftToBrowser).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    fireEvent.click(link);
    expect(leftToBrowser).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/show/la-chatte#dates');
  });

  it('mark the link to the current page, and its section, with aria-current="page"', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/shows');
    expect(screen.getByRole('link', { name: 'Spectacles' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'La Chatte' }));
    expect(screen.getByRole('link', { name: 'Spectacles' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'Accueil' }));
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
  });

  it('compare paths case-insensitively, a trailing slash of the page ignored, `end` for the home page', () => {
    const current = (at: string, to: string, end = false) => {
      const view = render(
        <MemoryRouter initialEntries={[at]}>
          <NavLink to={to} end={end}>
            Lien
          </NavLink>
        </MemoryRouter>,
      );
      const answer = screen.getByRole('link', { name: 'Lien' }).getAttribute('aria-current') === 'page';
      view.unmount();
      return answer;
    };
    expect(current('/Shows/', '/shows')).toBe(true);
    expect(current('/shows/2026', '/shows')).toBe(true);
    expect(current('/showsx', '/shows')).toBe(false);
    expect(current('/shows/2026', '/shows', true)).toBe(false);
    expect(current('/team', '/', true)).toBe(false);
    expect(current('/', '/', true)).toBe(true);
  });
});
