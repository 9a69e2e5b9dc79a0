import type { GreetingView } from '@otkrytka/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/runtime';
import { api } from '@/lib/api';
import { Spinner } from '@/ui/Spinner';
import { BackButton } from '../components/BackButton';
import { DetailStage } from '../components/GreetingDetail';
import { GreetingNotFound, greetingMissing } from '../components/GreetingNotFound';
import { IntroStage, LoadingStage, PostcardStage } from '../components/GreetingStages';
import { type GreetingStage, handOver, stageAfterIntro } from '../handover';
import { reportOpen } from '../opens';
import { useGreetingTitle } from '../pageTitle';
import { backTarget } from '../share';

/**
 * The recipient's first screen of /greeting/{id}, drawn with React alone (no router, no query
 * cache, no shell): the intro and the postcard, which is all a recipient sees before the first
 * tap, or that there is no such greeting. The whole app loads on `onWake` — at the first tap, or at
 * once for a greeting this screen does not show (the sender's own, a sealed one, one that could not
 * be read for another reason) — and takes over.
 */
export function GreetingLanding({ id, onWake }: { id: string; onWake: () => void }) {
  const { t } = useTranslation('greeting');
  const [greeting, setGreeting] = useState<GreetingView | null>(null);
  const [stage, setStage] = useState<GreetingStage>('intro');
  const [moved, setMoved] = useState(false);
  const [missing, setMissing] = useState(false);
  useGreetingTitle(greeting?.to_whom, missing ? 'notFound' : undefined);

  useEffect(() => {
    let live = true;
    api('GET /api/greetings/{id}', { params: { id } }).then(
      (g) => {
        if (!live) return;
        handOver(id, g, 'intro');
        if (g.sealed || g.is_own) onWake();
        else setGreeting(g);
      },
      (e: unknown) => {
        if (!live) return;
        // no such greeting (a malformed id is one too): said here, without loading the app to read it again
        if (greetingMissing(e)) setMissing(true);
        else onWake();
      },
    );
    return () => {
      live = false;
    };
  }, [id, onWake]);

  const go = (next: GreetingStage) => {
    if (!greeting || greeting.sealed) return;
    handOver(id, greeting, next);
    setStage(next);
    setMoved(true);
    onWake();
  };
  // on screen now: this is the open (the read above counted nothing)
  useEffect(() => {
    if (greeting && !greeting.sealed && !greeting.is_own) reportOpen(id);
  }, [greeting, id]);
  const back = () => window.location.assign(backTarget(new URLSearchParams(window.location.search).get('from')) ?? '/gallery');

  // in a landmark, as the app's pages are: a screen reader's "main" lands on what this page says
  if (missing) {
    return (
      <main>
        <GreetingNotFound onBack={back} />
      </main>
    );
  }
  if (!greeting || greeting.sealed || greeting.is_own) {
    return (
      <main>
        <LoadingStage text={t('view.loading')} />
      </main>
    );
  }
  return (
    <main className="fixed inset-0">
      {/* first in the page, as on screen: Tab reaches «Назад» before the stage */}
      <div className="pointer-events-none fixed inset-x-0 top-0 z-[1600] p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <BackButton label={t('view.back')} onClick={back} />
      </div>
      {stage === 'intro' && <IntroStage greeting={greeting} onNext={() => go(stageAfterIntro(greeting))} />}
      {stage === 'postcard' && <PostcardStage greeting={greeting} onNext={() => go('detail')} focus={moved} />}
      {stage === 'detail' && (
        <DetailStage greeting={greeting} focus={moved}>
          <div className="flex justify-center py-3 text-white">
            <Spinner size={28} label={t('view.loading')} />
          </div>
        </DetailStage>
      )}
    </main>
  );
}
