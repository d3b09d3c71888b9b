import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HeadProvider, type HeadCollector } from './head/index.ts';
import { RenderInstantProvider, type ReadRenderInstant } from '../public/use-now.ts';
import { DateTextsProvider, type DateTexts } from './dates/paris-dates.tsx';
import { MaintenanceAccessProvider } from './layout/maintenance-access.tsx';

export interface AppProvidersProps {
  queryClient: QueryClient;
  siteUrl: string;
  /** Server only: receives the page's head tags while it renders. */
  headCollector?: HeadCollector;
  /** The instant of the server render, while it is being rendered or hydrated. */
  renderInstant?: ReadRenderInstant;
  /** The page's dates as written: filled by the server's render, handed to the browser's. */
  dateTexts: DateTexts;
  /** Whether the server rendered the page for a visitor who entered in maintenance mode (its cookie). */
  maintenanceAccess?: boolean;
  children: ReactNode;
}

/** The providers around the routes, the same on the server and in the browser (hydration needs one tree). */
export function AppProviders({ queryClient, siteUrl, headCollector, renderInstant, dateTexts, maintenanceAccess, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <HeadProvider siteUrl={siteUrl} collector={headCollector}>
        <RenderInstantProvider value={renderInstant}>
          <DateTextsProvider texts={dateTexts}>
            <MaintenanceAccessProvider value={maintenanceAccess}>{children}</MaintenanceAccessProvider>
          </DateTextsProvider>
        </RenderInstantProvider>
      </HeadProvider>
    </QueryClientProvider>
  );
}
