import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from '@/router';
import { useGameBarData } from '@/features/game/queries';
import { useUnreadCount } from '@/features/notifications/queries';
import { useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { cx } from '@/ui/cx';
import { BellIcon, BoltIcon, type IconProps, QuestIcon, TrophyIcon } from '@/ui/icons';
import { DEFAULT_ENERGY, GAME_BAR_COLLAPSE_MS } from './constants';

type Tab = 'resources' | 'quests' | 'achievements' | 'notifications' | 'level' | 'production';
const hubLink = (tab: Tab) => `/game-data?tab=${tab}`;

/**
 * The top game bar: level badge, energy chip, quests, achievements and notifications
 * with the unread count. Shown for 2 s at start, then it folds into the level badge, which opens it
 * again while hovered (or focused); a touch screen has no hover, so there the folded badge's first
 * tap opens it and the next goes to the level tab. Each item is highlighted while its game hub tab is open.
 */
export function GameBar() {
  const { t, i18n } = useTranslation('shell');
  const { level, energy, yang, yin, loading } = useGameBarData();
  const unread = useUnreadCount();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const activeTab: Tab | null = pathname === '/game-data' ? ((params.get('tab') as Tab | null) ?? 'resources') : null;
  const [fresh, setFresh] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // opened by a tap on the folded badge; folds again at a tap elsewhere or on another page
  const [tapped, setTapped] = useState(false);
  // how the badge is being pressed, and whether the bar was folded then (a touch's emulated mouseenter opens it before the click)
  const press = useRef({ touch: false, folded: false });
  const toolbar = useRef<HTMLDivElement>(null);
  const [tappedOn, setTappedOn] = useState(pathname);
  if (tapped && tappedOn !== pathname) setTapped(false);
  useEffect(() => {
    if (!tapped) return;
    const away = (e: PointerEvent) => {
      if (!toolbar.current?.contains(e.target as Node)) setTapped(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [tapped]);

  useEffect(() => {
    const id = window.setTimeout(() => setFresh(false), GAME_BAR_COLLAPSE_MS);
    return () => window.clearTimeout(id);
  }, []);

  // the total as the chip shows it, so the spoken name contains the visible text
  const shownEnergy = compactNumber(energy ?? DEFAULT_ENERGY, i18n.language);
  const energyName = loading
    ? t('gameBar.energyLoading')
    : yang !== null && yin !== null
      ? t('gameBar.energyParts', { energy: shownEnergy, yang, yin })
      : t('gameBar.energy', { energy: shownEnergy });
  // folded but for keyboard focus, which opens the bar while it is inside
  const folded = !(fresh || hovered || tapped || activeTab !== null);
  const expanded = !folded || focused;
  const unreadText = unread > 99 ? '99+' : String(unread);
  const shownLevel = level ?? 1;
  const levelName = loading ? t('gameBar.levelLoading') : t('gameBar.level', { level: shownLevel });
  // folded, the bell is hidden and its count is only a red dot on the badge: the badge says it instead
  // («Уровень 1, непрочитанных уведомлений: 3»). Not dropped when focus opens the bar, so the name
  // does not change at the moment a screen reader reads it.
  const badgeName = folded && unread > 0 ? `${levelName}, ${t('gameBar.unreadNotifications', { shown: unreadText })}` : levelName;
  const restId = useId();
  // while the first figures load, a shimmer stands where they go (not a 1 and a 20 that then jump)
  const placeholder = (className: string) => <span aria-hidden="true" data-testid="game-bar-loading" className={cx('animate-pulse rounded-full', className)} />;

  const icon = (tab: Tab, Icon: ComponentType<IconProps>, label: string, badge?: string) => (
    <Link
      to={hubLink(tab)}
      // «Уведомления, непрочитанных: 4»: the badge's own text, as shown («99+»), ends the name
      aria-label={badge ? `${label}, ${t('gameBar.unread', { shown: badge })}` : label}
      title={label}
      aria-current={activeTab === tab ? 'page' : undefined}
      className={cx(
        'tap-44 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full transition-colors',
        activeTab === tab ? 'bg-primary text-on-primary' : 'text-text hover:bg-surface-2',
      )}
    >
      <Icon size={19} />
      {badge && (
        <span className="absolute -right-0.5 -top-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-on-danger ring-2 ring-surface">
          {badge}
        </span>
      )}
    </Link>
  );

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={t('gameBar.label')}
      data-expanded={expanded}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      className="flex items-center rounded-full border border-border/70 bg-surface/95 p-1 shadow-card"
    >
      <Link
        to={hubLink('level')}
        onMouseEnter={() => setHovered(true)}
        onPointerDown={(e) => (press.current = { touch: e.pointerType === 'touch', folded: !expanded })}
        onClick={(e) => {
          const { touch, folded } = press.current;
          press.current = { touch: false, folded: false };
          if (!touch || !folded) return;
          e.preventDefault();
          setTappedOn(pathname);
          setTapped(true);
        }}
        aria-label={badgeName}
        title={badgeName}
        // folded, a tap on a touch screen opens the bar rather than following the link: say it is folded
        aria-expanded={expanded}
        aria-controls={restId}
        aria-current={activeTab === 'level' ? 'page' : undefined}
        className={cx(
          'tap-44 inline-flex h-9 min-w-9 shrink-0 items-center justify-center rounded-full px-2 text-sm font-extrabold text-white shadow-[0_4px_12px_-4px_rgb(226_70_111/60%)] transition-transform hover:scale-105',
          activeTab === 'level' ? 'bg-night ring-2 ring-primary ring-offset-2 ring-offset-surface' : 'bg-brand',
        )}
      >
        {loading ? placeholder('h-2.5 w-3 bg-white/60') : shownLevel}
        {!expanded && unread > 0 && <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full bg-danger ring-2 ring-surface" />}
      </Link>
      <div
        id={restId}
        aria-hidden={!expanded}
        inert={!expanded}
        className={cx(
          'grid transition-[grid-template-columns,opacity] duration-300 ease-out',
          expanded ? 'grid-cols-[1fr] opacity-100' : 'grid-cols-[0fr] opacity-0',
        )}
      >
        {/* room above, below and after the links for what a tap on them hits (tap-44), inside the clip */}
        <div className="-my-1 -mr-1 flex min-w-0 items-center gap-0.5 overflow-hidden py-1 pl-1 pr-1">
          <Link
            to={hubLink('resources')}
            // the total is yang and yin together, while a gift or a crystal spends yang alone: the name says both
            aria-label={energyName}
            title={energyName}
            aria-current={activeTab === 'resources' ? 'page' : undefined}
            className={cx(
              'tap-44 inline-flex h-9 shrink-0 items-center gap-1 rounded-full pl-2 pr-3 text-sm font-bold tabular-nums transition-colors',
              activeTab === 'resources' ? 'bg-primary text-on-primary' : 'bg-yang/15 text-text hover:bg-yang/25',
            )}
          >
            <BoltIcon size={17} className={activeTab === 'resources' ? '' : 'text-yang'} />
            {loading ? placeholder('h-2.5 w-5 bg-text/25') : shownEnergy}
          </Link>
          {icon('quests', QuestIcon, t('gameBar.quests'))}
          {icon('achievements', TrophyIcon, t('gameBar.achievements'))}
          {icon('notifications', BellIcon, t('gameBar.notifications'), unread > 0 ? unreadText : undefined)}
        </div>
      </div>
    </div>
  );
}
