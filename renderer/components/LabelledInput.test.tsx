import { createRef } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldProblem, LabelledInput } from './LabelledInput.tsx';

afterEach(cleanup);

describe('LabelledInput', () => {
  it('is named by its label and passes the input props through, ref included; no problem, nothing marked', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <LabelledInput
        id="pin"
        label="Supervisor PIN"
        ref={ref}
        type="password"
        inputMode="numeric"
        maxLength={32}
        value=""
        onChange={() => {}}
        data-testid="pin"
      />,
    );
    const input = screen.getByLabelText('Supervisor PIN');
    expect(input).toBe(screen.getByTestId('pin'));
    expect(ref.current).toBe(input);
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('32');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.closest('label')?.className).toBe('field');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with a problem: the input is invalid and described by the announced problem line', () => {
    render(
      <LabelledInput
        id="reason"
        label="Reason"
        fieldClassName="field-grow"
        problem="Give a reason."
        problemTestId="reason-problem"
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Reason');
    const problem = screen.getByRole('alert');
    expect(problem.textContent).toBe('Give a reason.');
    expect(problem.id).toBe('reason-problem');
    expect(problem.dataset.testid).toBe('reason-problem');
    expect(problem.className).toBe('field-problem');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('reason-problem');
    expect(input.closest('label')?.className).toBe('field field-grow field-invalid');
  });

  it('keeps a shared problem it is described by and adds its own, under the id it is given', () => {
    render(
      <>
        <LabelledInput
          id="phone"
          label="Phone"
          problem="Not a phone number."
          problemId="phone-wrong"
          aria-describedby="contact-problem"
          value=""
          onChange={() => {}}
        />
        <FieldProblem id="contact-problem" text="Give a phone or an e-mail." />
      </>,
    );
    expect(screen.getByLabelText('Phone').getAttribute('aria-describedby')).toBe('contact-problem phone-wrong');
    expect(screen.getAllByRole('alert').map((line) => line.id)).toEqual(['phone-wrong', 'contact-problem']);
  });
});

describe('FieldProblem', () => {
  it('renders nothing without a problem', () => {
    const { container } = render(<FieldProblem id="x-problem" text={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
