/** Texts of the user center's order pages (zh-CN): `payment.*`. */
export default {
  payment: {
    orders: {
      orderId: '订单号',
      subject: '商品',
      amount: '金额',
      type: '支付方式',
      status: '状态',
      createdAt: '创建时间',
      createdRange: '创建日期',
      from: '开始日期',
      to: '结束日期',
      rangeTo: '至',
      refunded: '已退款 {amount}',
      paidAt: '支付于 {time}',
      continue: '继续支付',
      close: '关闭订单',
      confirmClose: '关闭订单 {orderId}？关闭后不能再支付。',
      closed: '订单已关闭',
      confirmDelete: '删除订单 {orderId}？此操作不可恢复。',
      none: '没有订单。',
      popupBlocked: '浏览器阻止了新窗口，已在当前窗口打开支付页。',
    },
  },
};
