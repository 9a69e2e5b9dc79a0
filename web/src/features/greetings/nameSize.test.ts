import { describe, expect, it } from 'vitest';
import { nameSize } from './nameSize';

describe('the size of a recipient’s name', () => {
  it('stays large for short words, however many', () => {
    expect(nameSize('Маме')).toBe(0);
    expect(nameSize('Бабушке Гале и дедушке Пете 🌸')).toBe(0);
  });

  it('steps down for a long word, and down again for a longer one', () => {
    expect(nameSize('Александровне')).toBe(1);
    expect(nameSize('Константинопольскому')).toBe(2);
  });

  it('measures a double-barrelled name by the part before or after its hyphen, where the line may break', () => {
    expect(nameSize('Анне-Марии')).toBe(0);
    expect(nameSize('Рождественская-Васильева')).toBe(2);
    expect(nameSize('Rozhdestvenskaya-Vasilyeva')).toBe(2);
  });
});
