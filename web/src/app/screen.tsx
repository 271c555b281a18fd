import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { ScreenSpinner } from '../components/screen-spinner';
import { useTranslation } from '../i18n';
import type { ScreenKey } from './paths';

type ScreenModule = { default: ComponentType };

/** One screen of the route table: its own chunk, a spinner while it loads, and the page title. */
export function screen(key: ScreenKey, load: () => Promise<ScreenModule>) {
  const Component = lazy(load);
  // Keyed, so each screen gets a Suspense boundary of its own and shows the spinner while it loads.
  return <Screen key={key} screenKey={key} component={Component} />;
}

function Screen({
  screenKey,
  component: Component,
}: {
  screenKey: ScreenKey;
  component: LazyExoticComponent<ComponentType>;
}) {
  const { t } = useTranslation();
  const title = t(`screens.${screenKey}`);
  useEffect(() => {
    document.title = `${title} · ${t('product')}`;
  }, [title, t]);
  return (
    <Suspense fallback={<ScreenSpinner />}>
      <Component />
    </Suspense>
  );
}
