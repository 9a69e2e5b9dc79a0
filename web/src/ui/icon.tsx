import type { ReactNode, SVGProps } from 'react';

/**
 * The app's icon set: 24×24 line icons drawn with the current text colour. Decorative by default
 * (aria-hidden); give the surrounding button or link the accessible name.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
}

export function icon(name: string, body: ReactNode, filled = false) {
  function Icon({ size = 22, strokeWidth = 1.9, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}
