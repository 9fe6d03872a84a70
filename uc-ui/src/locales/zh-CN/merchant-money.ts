/** Texts of the merchant's balance card and settlement records (zh-CN): `merchantMoney.*`. */
export default {
  merchantMoney: {
    balance: {
      title: '账户余额',
      balance: '余额',
      frozen: '冻结',
      withdrawable: '可提现',
      currency: '币种',
      noMerchant: '您还不是商户，入驻通过后可在此查看余额与结算记录。',
    },
    settlements: {
      title: '结算记录',
      filterStatus: '全部状态',
      tableLabel: '我的结算记录',
      empty: '还没有结算记录',
      name: '结算单号',
      orders: '订单数',
      total: '订单金额',
      fee: '手续费',
      net: '结算金额',
      status: '状态',
      createdAt: '创建时间',
      decidedAt: '处理时间',
      remark: '备注',
    },
  },
};
