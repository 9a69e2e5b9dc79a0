import { useEffect } from 'react';
import { useTranslation } from '../../i18n/runtime';

/**
 * The tab's title and the page's language in the language the greeting page is written in. The
 * server's HTML guesses them for link previews from what the browser asks for, while the page
 * itself speaks the reader's chosen language (Russian by default): a screen reader would read
 * Russian words with an English voice.
 */
export function useGreetingTitle(toWhom: string | undefined, problem?: 'notFound' | 'loadFailed') {
  const { t, i18n } = useTranslation('greeting');
  const title = problem ? t(`view.${problem}`) : toWhom !== undefined ? t('view.pageTitle', { name: toWhom }) : undefined;
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    if (title) document.title = title;
  }, [title, i18n.language]);
}
