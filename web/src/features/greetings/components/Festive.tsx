/**
 * A text whose emoji are decoration: shown, not read out. «🎉 Смотреть открытку 🎉» is named
 * «Смотреть открытку» to a screen reader, not «party popper Смотреть открытку party popper».
 */
export function Festive({ text }: { text: string }) {
  return text.split(/(\p{Extended_Pictographic}\uFE0F?)/u).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} aria-hidden="true">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
