import type { Messages } from '../../messages.ts';

export default {
  title: 'Հրավիրել ընկերներին',
  earn: 'Հրավիրեք ընկերներին և ստացեք նրանց շահումների <strong>{{percent}}%</strong>-ը։',
  copy: 'Պատճենել հղումը',
  share: 'Կիսվել',
  copied: 'Հղումը պատճենված է',
  copyFailed: 'Չհաջողվեց պատճենել',
  close: 'Փակել',
  affiliateHint: 'Ունե՞ք մեծ լսարան։',
  affiliateLink: 'Դիմեք մինչև {{percent}}%-ի համար',
  // The player writes to a friend: «դու», as friends do.
  shareText: 'Արի Նարդի կամ Բլոտ խաղանք՝ մեկը մեկի դեմ, իսկական խաղադրույքով՝ USDT-ով։ Սպասում եմ քեզ Duel Stakes-ում։',
} satisfies Messages['invite'];
