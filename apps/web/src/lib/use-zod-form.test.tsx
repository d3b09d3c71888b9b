import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared/texts';
import { cardRequestInputSchema } from '@bande/shared/schemas/forms';
import { useZodForm } from './use-zod-form.ts';

function Form({ onValid }: { onValid: (values: unknown) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(cardRequestInputSchema, { defaultValues: { firstName: '', lastName: '', email: '', phone: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      {(['firstName', 'lastName', 'email', 'phone'] as const).map((field) => (
        <label key={field}>
          {field}
          <input {...register(field)} />
          {errors[field] ? <span>{`${field}: ${errors[field].message}`}</span> : null}
        </label>
      ))}
      <button type="submit">Envoyer</button>
    </form>
  );
}

describe('useZodForm', () => {
  it("shows the shared schema's French messages on submit only, focuses the first wrong field and keeps them until the next submit", async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: 'email' }), 'pas-une-adresse');
    expect(screen.queryByText(/email:/)).not.toBeInTheDocument(); // nothing while typing

    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    // The resolver validates asynchronously: the messages come a few turns after the click (once, in
    // CI under load, after the click's own wait had ended).
    expect(await screen.findByText(`firstName: ${texts.validation.required}`)).toBeInTheDocument();
    expect(screen.getByText(`email: ${texts.validation.emailInvalid}`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^firstName/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /^firstName/ }), 'Claire');
    expect(screen.getByText(`firstName: ${texts.validation.required}`)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("hands the schema's output (trimmed) to the submit handler", async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: 'firstName' }), '  Claire ');
    await user.type(screen.getByRole('textbox', { name: 'lastName' }), 'Vasseur');
    await user.type(screen.getByRole('textbox', { name: 'email' }), ' claire@example.org ');
    await user.type(screen.getByRole('textbox', { name: 'phone' }), '06 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ firstName: 'Claire', lastName: 'Vasseur', email: 'claire@example.org', phone: '06 12 34 56 78' });
  });
});
