// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from './Menu';

afterEach(cleanup);

describe('menu button (keyboard access)', () => {
  const items = (pick: (id: string) => void) =>
    ['a', 'b', 'c'].map((id) => ({ id, label: `Item ${id}`, onSelect: () => pick(id) }));

  it('opens with ArrowDown on the first item, moves with arrows, picks with Enter', () => {
    const pick = vi.fn();
    render(<Menu label="Import" items={items(pick)} testId="m" />);
    const button = screen.getByTestId('m');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    act(() => {
      fireEvent.keyDown(button, { key: 'ArrowDown' });
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('m-a'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('m-b'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByTestId('m-c'));
    fireEvent.click(document.activeElement!);
    expect(pick).toHaveBeenCalledWith('c');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes it and gives focus back', () => {
    render(<Menu label="Save" items={items(() => {})} testId="s" />);
    const button = screen.getByTestId('s');
    act(() => {
      fireEvent.click(button);
    });
    expect(screen.getAllByRole('menuitem')).toHaveLength(3);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
