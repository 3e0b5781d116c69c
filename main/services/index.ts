import type { BankContext } from './context';
import { ConsentService } from './consents';
import { LifecycleService } from './lifecycle';
import { OAuthService } from './oauth';
import { ScaService } from './sca';
import { TppService } from './tpps';

export interface Services {
  ctx: BankContext;
  consents: ConsentService;
  sca: ScaService;
  oauth: OAuthService;
  lifecycle: LifecycleService;
  tpps: TppService;
}

export function createServices(ctx: BankContext): Services {
  const consents = new ConsentService(ctx);
  const sca = new ScaService(ctx);
  return {
    ctx,
    consents,
    sca,
    oauth: new OAuthService(ctx, consents),
    lifecycle: new LifecycleService(ctx, sca),
    tpps: new TppService(ctx),
  };
}
