import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminTable } from './admin-table';
import { FormFooter } from './form-footer';
import { ItemActions } from './item-actions';
import { SectionTabs } from './section-tabs';

describe('the admin area’s shared table, row actions, form footer and tab strip', () => {
  it('lays a table out with its headers, its rows and an actions cell whose Delete can be disabled', async () => {
    const opened = vi.fn();
    const deleted = vi.fn();
    render(
      <AdminTable testId="things-table" headers={['Name', 'Actions']}>
        <tr>
          <td>first</td>
          <ItemActions in="row" openLabel="View" onOpen={opened} onDelete={deleted} />
        </tr>
        <tr>
          <td>built-in</td>
          <ItemActions in="row" onOpen={opened} onDelete={deleted} deleteDisabled />
        </tr>
      </AdminTable>,
    );
    const table = screen.getByTestId('things-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Actions']);
    const [first, builtIn] = within(table).getAllByRole('row').slice(1);
    await userEvent.click(within(first!).getByRole('button', { name: 'View' }));
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(within(builtIn!).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect((within(builtIn!).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ends a form with the refusal, Cancel only when it can be left, and a submit disabled while saving', async () => {
    const cancelled = vi.fn();
    const { rerender } = render(
      <form>
        <FormFooter error="Failed to add package" onCancel={cancelled} submitLabel="Add Package" busy={false} />
      </form>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to add package');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Add Package' }) as HTMLButtonElement).disabled).toBe(false);

    rerender(
      <form>
        <FormFooter submitLabel="Saving..." busy />
      </form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('presses the current tab only, hands the chosen one on, and keeps the links given after the tabs', async () => {
    const chosen = vi.fn();
    render(
      <SectionTabs
        label="Admin sections"
        tabs={
          [
            ['members', 'Members'],
            ['levels', 'User Levels'],
          ] as const
        }
        current="levels"
        onChoose={chosen}
      >
        <a href="/payments">Payments</a>
      </SectionTabs>,
    );
    const strip = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(strip).getByRole('button', { name: 'User Levels' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(strip).getByRole('button', { name: 'Members' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(within(strip).getByRole('button', { name: 'Members' }));
    expect(chosen).toHaveBeenCalledWith('members');
    expect(within(strip).getByRole('link', { name: 'Payments' })).toBeTruthy();
  });
});
