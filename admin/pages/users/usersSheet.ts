import type { AdminUserRow } from '../../../protocol/admin.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The 'Users' workbook of spec §7, built in the browser from GET /api/admin/users/export. exceljs is
 * loaded only here, on the first export: it lands in its own chunk, never in the player app nor in the
 * back office's first load.
 */
export async function usersWorkbook(users: AdminUserRow[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Users');
  sheet.columns = [
    { header: 'User ID', key: 'id', width: 38 },
    { header: 'Nickname', key: 'nickname', width: 22 },
    { header: 'Username', key: 'username', width: 22 },
    { header: 'Balance (USDT)', key: 'balance', width: 16, style: { numFmt: '0.00' } },
    { header: 'Blockchain Balance (USDT)', key: 'blockchainBalance', width: 24, style: { numFmt: '0.00' } },
    { header: 'Blockchain TRX Balance', key: 'blockchainBalanceTRX', width: 22, style: { numFmt: '0.00' } },
    { header: 'Created At', key: 'createdAt', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    { header: 'Inviter', key: 'invitedBy', width: 22 },
    { header: 'Affiliate', key: 'isAffiliate', width: 10 },
    { header: 'Affiliate %', key: 'affiliatePercentage', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const user of users) {
    const created = new Date(user.createdAt);
    sheet.addRow({
      id: user._id,
      nickname: user.nickname,
      username: user.username,
      balance: user.balance,
      // A balance not read from the chain yet stays empty, not 0.
      blockchainBalance: user.blockchainBalance ?? '',
      blockchainBalanceTRX: user.blockchainBalanceTRX ?? '',
      createdAt: Number.isNaN(created.getTime()) ? 'Invalid Date' : created,
      invitedBy: user.invitedBy ?? '',
      isAffiliate: user.isAffiliate ? 'Yes' : 'No',
      affiliatePercentage: user.affiliatePercentage,
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
